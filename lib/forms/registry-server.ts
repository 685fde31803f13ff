import "server-only";
import { eq, getTableName, sql, type SQL } from "drizzle-orm";
import { schema, type Db, type Tx } from "@/lib/db";
import type { AnyList } from "@/lib/data-table/list-definition";
import { roReversalList } from "@/lib/forms/ro-reversal/queries";
import { techTimeList } from "@/lib/forms/tech-time/queries";
import { suggestionList } from "@/lib/forms/suggestions/queries";
import { uniformList } from "@/lib/forms/uniform/queries";
import { timeOffList } from "@/lib/forms/time-off/queries";
import { FORM_KEYS, type FormKey } from "./form-keys";
import { STAFF_FORMS, type StaffFormFacts } from "./registry";
import {
  roReversalReference,
  suggestionReference,
  techTimeReference,
  timeOffReference,
  uniformReference,
  type ReferenceOf,
} from "./references";

/**
 * The server's half of each staff form's registration (docs/recipes/add-a-staff-form.md), extending lib/forms/registry.ts by key:
 * its table (which carries db/schema/request-state.ts's columns), what one of its requests is called (its
 * reference, lib/forms/references.ts: the record page, mails, My requests, the inbox, search), its list
 * (lib/data-table/list-definition.ts: page, exports, delete) and how the portal search reads it.
 * `satisfies Record<FormKey, ...>`: a registered form without any of them does not compile;
 * test/forms/registry.test.ts checks each part answers.
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
 * result's snippet and date (text, YYYY-MM-DD or ISO); its title is the form's reference.
 */
export type FormSearchSource = { dateColumn: string; snippet: SQL; date: SQL };

export type StaffFormServerFacts = {
  table: StaffFormTable;
  /** What one of its requests is called, over its row (the table or an alias): lib/forms/references.ts. */
  referenceOf: ReferenceOf;
  list: AnyList;
  search: FormSearchSource;
};

const iso = (col: SQL) => sql`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

const SERVER_FACTS = {
  ro_reversal: {
    referenceOf: roReversalReference,
    table: schema.roReversals,
    list: roReversalList,
    search: {
      dateColumn: "date_of_request",
      snippet: sql`t.reason`,
      date: sql`t.date_of_request::text`,
    },
  },
  tech_time: {
    referenceOf: techTimeReference,
    table: schema.techTimes,
    list: techTimeList,
    search: {
      dateColumn: "date",
      snippet: sql`t.employee_name || ' · ' || t.employee_email || ' ' || t.rows_text`,
      date: sql`t.date::text`,
    },
  },
  improvement_suggestion: {
    referenceOf: suggestionReference,
    table: schema.improvementSuggestions,
    list: suggestionList,
    search: {
      dateColumn: "date",
      snippet: sql`coalesce(t.describe_current_process_and_problem, '') || ' ' || coalesce(t.how_will_it_benefit, '')`,
      date: sql`t.date::text`,
    },
  },
  uniform_request: {
    referenceOf: uniformReference,
    table: schema.uniformRequests,
    list: uniformList,
    search: {
      dateColumn: "updated_at",
      snippet: sql`t.employee_first_name || ' ' || t.employee_last_name || ' · ' || t.requestor_name || ' ' || t.comment`,
      date: iso(sql`t.updated_at`),
    },
  },
  time_off_request: {
    referenceOf: timeOffReference,
    table: schema.timeOffRequests,
    list: timeOffList,
    search: {
      dateColumn: "date_from",
      snippet: sql`to_char(t.date_from, 'MM/DD/YYYY') || ' – ' || to_char(t.date_to, 'MM/DD/YYYY') || ' ' || coalesce(t.note, '')`,
      date: sql`t.date_from::text`,
    },
  },
} as const satisfies Record<FormKey, StaffFormServerFacts>;

export type StaffFormRegistration = StaffFormFacts &
  StaffFormServerFacts & {
    key: FormKey;
    tableName: string;
    /** Its reference over its table (`referenceOf` the table's own name): for queries that name the table. */
    reference: SQL<string>;
  };

function registration(key: FormKey): StaffFormRegistration {
  const facts: StaffFormServerFacts = SERVER_FACTS[key];
  const tableName = getTableName(facts.table);
  return {
    key,
    ...STAFF_FORMS[key],
    ...facts,
    tableName,
    reference: facts.referenceOf(sql`${sql.identifier(tableName)}`),
  };
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

/** Request `id` of `form`'s reference, read in `db` (a save's transaction sees its own rows); null when there is no such request. */
export async function readRequestReference(db: Db | Tx, form: FormKey, id: number): Promise<string | null> {
  const { table, reference } = STAFF_FORM_REGISTRATIONS[form];
  const [row] = await db
    .select({ reference })
    .from(table as typeof schema.roReversals)
    .where(eq(table.id, id))
    .limit(1);
  return row?.reference ?? null;
}
