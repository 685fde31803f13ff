import "server-only";
import { getTableName, sql, type SQL } from "drizzle-orm";
import { schema } from "@/lib/db";
import type { AnyList } from "@/lib/data-table/list-definition";
import { roReversalList } from "@/lib/forms/ro-reversal/queries";
import { techTimeList } from "@/lib/forms/tech-time/queries";
import { suggestionList } from "@/lib/forms/suggestions/queries";
import { uniformList } from "@/lib/forms/uniform/queries";
import { timeOffList } from "@/lib/forms/time-off/queries";
import { FORM_KEYS, type FormKey } from "./form-keys";
import { STAFF_FORMS, type StaffFormFacts } from "./registry";

/**
 * The server's half of each staff form's registration (docs/recipes/add-a-staff-form.md), extending lib/forms/registry.ts by key:
 * its table (which carries db/schema/request-state.ts's columns), what one of its requests is called
 * (mails, My requests, the inbox), its list (lib/data-table/list-definition.ts: page, exports, delete)
 * and how the portal search reads it. `satisfies Record<FormKey, ...>`: a registered form without any of
 * them does not compile; test/forms/registry.test.ts checks each part answers.
 */
type StaffFormTable =
  | typeof schema.roReversals
  | typeof schema.techTimes
  | typeof schema.improvementSuggestions
  | typeof schema.uniformRequests
  | typeof schema.timeOffRequests;

/**
 * How the portal search reads a form (lib/search/kinds/staff-form.ts): its table's stored `search_vector`
 * (lib/search/vectors.ts), the column its date filter uses, and, over the record as alias `t`, the
 * result's title, snippet and date (text, YYYY-MM-DD or ISO).
 */
export type FormSearchSource = { dateColumn: string; title: SQL; snippet: SQL; date: SQL };

export type StaffFormServerFacts = {
  table: StaffFormTable;
  /** A request's title (the requester's name): an SQL expression over `table`. */
  requestTitle: SQL<string>;
  list: AnyList;
  search: FormSearchSource;
};

const iso = (col: SQL) => sql`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

const SERVER_FACTS = {
  ro_reversal: {
    table: schema.roReversals,
    requestTitle: sql<string>`${schema.roReversals.employeeName}`,
    list: roReversalList,
    search: {
      dateColumn: "date_of_request",
      title: sql`t.employee_name || ' · ' || t.full_ra`,
      snippet: sql`t.reason`,
      date: sql`t.date_of_request::text`,
    },
  },
  tech_time: {
    table: schema.techTimes,
    requestTitle: sql<string>`${schema.techTimes.employeeName}`,
    list: techTimeList,
    search: {
      dateColumn: "date",
      title: sql`t.employee_name || ' · ' || t.employee_number`,
      snippet: sql`t.employee_email::text`,
      date: sql`t.date::text`,
    },
  },
  improvement_suggestion: {
    table: schema.improvementSuggestions,
    requestTitle: sql<string>`${schema.improvementSuggestions.name}`,
    list: suggestionList,
    search: {
      dateColumn: "date",
      title: sql`t.name::text`,
      snippet: sql`coalesce(t.describe_current_process_and_problem, '') || ' ' || coalesce(t.how_will_it_benefit, '')`,
      date: sql`t.date::text`,
    },
  },
  uniform_request: {
    table: schema.uniformRequests,
    requestTitle: sql<string>`${schema.uniformRequests.employeeFirstName} || ' ' || ${schema.uniformRequests.employeeLastName}`,
    list: uniformList,
    search: {
      dateColumn: "updated_at",
      title: sql`t.employee_first_name || ' ' || t.employee_last_name`,
      snippet: sql`t.requestor_name || ' ' || t.comment`,
      date: iso(sql`t.updated_at`),
    },
  },
  time_off_request: {
    table: schema.timeOffRequests,
    requestTitle: sql<string>`${schema.timeOffRequests.employeeName}`,
    list: timeOffList,
    search: {
      dateColumn: "date_from",
      title: sql`t.employee_name || ' · ' || t.type::text`,
      snippet: sql`to_char(t.date_from, 'MM/DD/YYYY') || ' – ' || to_char(t.date_to, 'MM/DD/YYYY') || ' ' || coalesce(t.note, '')`,
      date: sql`t.date_from::text`,
    },
  },
} as const satisfies Record<FormKey, StaffFormServerFacts>;

export type StaffFormRegistration = StaffFormFacts & StaffFormServerFacts & { key: FormKey; tableName: string };

function registration(key: FormKey): StaffFormRegistration {
  const facts: StaffFormServerFacts = SERVER_FACTS[key];
  return { key, ...STAFF_FORMS[key], ...facts, tableName: getTableName(facts.table) };
}

/** Every registered form, client-safe and server facts together. */
export const STAFF_FORM_REGISTRATIONS = Object.fromEntries(FORM_KEYS.map((key) => [key, registration(key)])) as Record<
  FormKey,
  StaffFormRegistration
>;

/** The forms' tables by key (each carries db/schema/request-state.ts's columns). */
export const REQUEST_TABLES = Object.fromEntries(FORM_KEYS.map((key) => [key, SERVER_FACTS[key].table])) as {
  [K in FormKey]: (typeof SERVER_FACTS)[K]["table"];
};
