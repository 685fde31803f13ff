import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { FORM_KEYS } from "../../lib/forms/form-keys";
import { MAPPING_STATUSES, PAY_TYPES, TECH_TIME_ROW_KINDS, TIME_OFF_TYPES } from "../../lib/forms/column-values";
import { cascadingRef, timestamps } from "./_common";
import { requestState, requestStateIndexes } from "./request-state";
import { locations, users } from "./users";

/**
 * Staff forms (lib/forms): the form email manager's mappings and the RO reversal and tech time
 * submissions, then the suggestions and uniform requests (below). Every submission records
 * its location, the manager e-mail the location had when it was submitted, and `routed` (false when
 * no mapping existed for its form and location then: administrators see it flagged).
 */

/** A mapping is open (routes mail, editable by its managers) or closed (only an administrator edits it). */
export const formMappingStatus = pgEnum("form_mapping_status", MAPPING_STATUSES);
export const formKey = pgEnum("form_key", FORM_KEYS);

/** Who receives a form's submissions at a location: one row per form x location. */
export const formEmailMappings = pgTable(
  "form_email_mappings",
  {
    id: serial().primaryKey(),
    formKey: formKey().notNull(),
    locationId: cascadingRef(() => locations.id),
    toEmails: text().array().notNull(),
    ccEmails: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: formMappingStatus().notNull().default("Open"),
    createdBy: integer().references(() => users.id, { onDelete: "set null" }),
    updatedBy: integer().references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [uniqueIndex("form_email_mappings_form_location_idx").on(t.formKey, t.locationId), index().on(t.locationId)],
);

/**
 * A mapping's approvers (docs/features/requests.md): portal users (not typed addresses) who decide the form's requests at
 * the location, besides the To/CC recipients who are only mailed. Administrators decide every request.
 */
export const formMappingApprovers = pgTable(
  "form_mapping_approvers",
  {
    mappingId: cascadingRef(() => formEmailMappings.id),
    userId: cascadingRef(() => users.id),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.mappingId, t.userId] }), index().on(t.userId)],
);

export const payType = pgEnum("ro_pay_type", PAY_TYPES);

/** Submission columns every staff form has. */
const submission = () => ({
  locationId: integer().references(() => locations.id, { onDelete: "set null" }),
  managerEmail: varchar({ length: 190 }),
  routed: boolean().notNull().default(true),
  createdBy: integer().references(() => users.id, { onDelete: "set null" }),
  updatedBy: integer().references(() => users.id, { onDelete: "set null" }),
  ...requestState(),
  ...timestamps,
});

export const roReversals = pgTable(
  "ro_reversals",
  {
    id: serial().primaryKey(),
    employeeName: varchar({ length: 190 }).notNull(),
    dateOfRequest: date({ mode: "string" }).notNull(),
    fullRa: varchar({ length: 190 }).notNull(),
    dateRaClosed: date({ mode: "string" }).notNull(),
    payType: payType().notNull().default("Customer Pay"),
    reason: text().notNull(),
    /** Warranty only. */
    billedTime: varchar({ length: 190 }),
    /** Warranty only: 'What is the Tech's Efficiency MTD?'. */
    questions: text(),
    ...submission(),
  },
  (t) => [
    index("ro_reversals_employee_trgm_idx").using("gin", sql`lower(${t.employeeName}) gin_trgm_ops`),
    index("ro_reversals_full_ra_trgm_idx").using("gin", sql`lower(${t.fullRa}) gin_trgm_ops`),
    index().on(t.dateOfRequest, t.id),
    index().on(t.updatedAt, t.id),
    index().on(t.createdBy, t.id),
    index().on(t.locationId),
    ...requestStateIndexes("ro_reversals", t),
  ],
);

export const techTimes = pgTable(
  "tech_times",
  {
    id: serial().primaryKey(),
    employeeNumber: varchar({ length: 190 }).notNull(),
    employeeName: varchar({ length: 190 }).notNull(),
    employeeEmail: varchar({ length: 190 }).notNull(),
    date: date({ mode: "string" }).notNull(),
    /**
     * What its rows say (RO numbers, customers, reasons, jobs), written with them by the save: the stored
     * `search_vector` reads it (a generated column cannot read another table; docs/features/search.md).
     */
    rowsText: text().notNull().default(""),
    ...submission(),
  },
  (t) => [
    index("tech_times_employee_trgm_idx").using("gin", sql`lower(${t.employeeName}) gin_trgm_ops`),
    index("tech_times_number_trgm_idx").using("gin", sql`lower(${t.employeeNumber}) gin_trgm_ops`),
    // A form's reference tells two forms of one person on one day apart (lib/forms/references.ts): it looks them up here.
    index().on(t.employeeName, t.date, t.id),
    index("tech_times_email_trgm_idx").using("gin", sql`lower(${t.employeeEmail}) gin_trgm_ops`),
    index().on(t.date, t.id),
    index().on(t.updatedAt, t.id),
    index().on(t.createdBy, t.id),
    index().on(t.locationId),
    ...requestStateIndexes("tech_times", t),
  ],
);

export const techTimeRowKind = pgEnum("tech_time_row_kind", TECH_TIME_ROW_KINDS);

/** The attendance clock and shop time correction rows of a tech time form, in their order. */
export const techTimeRows = pgTable(
  "tech_time_rows",
  {
    id: serial().primaryKey(),
    techTimeId: cascadingRef(() => techTimes.id),
    kind: techTimeRowKind().notNull(),
    position: smallint().notNull(),
    date: date({ mode: "string" }),
    reason: varchar({ length: 190 }),
    /** Shop rows only. */
    customerName: varchar({ length: 190 }),
    roNumber: varchar({ length: 190 }),
    job: varchar({ length: 190 }),
    timeIn: varchar({ length: 5 }),
    timeOut: varchar({ length: 5 }),
    ...timestamps,
  },
  (t) => [uniqueIndex().on(t.techTimeId, t.kind, t.position)],
);

/**
 * The other two staff forms: continuous improvement suggestions and uniform requests
 * (docs/features/staff-forms.md). Each row keeps a copy of the location's name and of the updater's name as they were at
 * the save: the lists filter and sort on them, and a filter must stay on the table itself so the total
 * is counted without joins (lib/data-table/query.ts). `routed` is false when no form email mapping
 * existed for the form and location at submission (lib/forms/submission-mail.ts).
 */
export const improvementSuggestions = pgTable(
  "improvement_suggestions",
  {
    id: serial().primaryKey(),
    name: varchar({ length: 190 }).notNull(),
    date: date({ mode: "string" }).notNull(),
    locationId: integer()
      .notNull()
      .references(() => locations.id, { onDelete: "restrict" }),
    locationName: varchar({ length: 190 }).notNull(),
    email: varchar({ length: 190 }).notNull(),
    phoneNumber: varchar({ length: 13 }),
    /** 'What Project / Process Improvement are you Proposing?' */
    describeCurrentProcessAndProblem: text(),
    /** 'How will it Benefit the Business?' (the API's how_will_it_benefit_the_business). */
    howWillItBenefit: text(),
    managerEmail: varchar({ length: 190 }),
    managerName: varchar({ length: 190 }),
    routed: boolean().notNull().default(true),
    /** The submitter: staff may edit only their own suggestions. */
    createdBy: integer().references(() => users.id, { onDelete: "set null" }),
    updatedBy: integer().references(() => users.id, { onDelete: "set null" }),
    updatedByName: varchar({ length: 190 }).notNull().default(""),
    ...requestState(),
    ...timestamps,
  },
  (t) => [
    index().on(t.createdBy, t.id),
    index().on(t.locationId),
    // The list: a trigram index per 'contains' filter, a b-tree per sort (ending in id, the tiebreak).
    index("improvement_suggestions_name_trgm_idx").using("gin", sql`lower(${t.name}) gin_trgm_ops`),
    index("improvement_suggestions_email_trgm_idx").using("gin", sql`lower(${t.email}) gin_trgm_ops`),
    index("improvement_suggestions_location_trgm_idx").using("gin", sql`lower(${t.locationName}) gin_trgm_ops`),
    index("improvement_suggestions_updated_by_trgm_idx").using("gin", sql`lower(${t.updatedByName}) gin_trgm_ops`),
    index("improvement_suggestions_name_sort_idx").on(sql`lower(${t.name})`, t.id),
    index("improvement_suggestions_email_sort_idx").on(sql`lower(${t.email})`, t.id),
    index("improvement_suggestions_location_sort_idx").on(sql`lower(${t.locationName})`, t.id),
    index("improvement_suggestions_updated_by_sort_idx").on(sql`lower(${t.updatedByName})`, t.id),
    index("improvement_suggestions_date_sort_idx").on(t.date, t.id),
    index("improvement_suggestions_updated_at_sort_idx").on(t.updatedAt, t.id),
    ...requestStateIndexes("improvement_suggestions", t),
  ],
);

/**
 * Uniform requests. Designation and wear are small fixed lists (lib/forms/uniform-rules.ts), stored by
 * id. `quantity` is the total item quantity; for a technician ordering 'Shirt & Pant' it is null and
 * `shirt_quantity` / `pant_quantity` carry the split (the old portal's behaviour).
 *
 * Indexes for the list at a million rows (bench/forms.ts): the date range is on `updated_at`, so
 * (updated_at, id) answers a range in the default order and every sort; each sort has a b-tree ending
 * in id (a deep page walks one index, the last pages walk it backwards: lib/forms/uniform-queries.ts);
 * the quantities sort with an empty one as the largest (where PostgreSQL puts NULL), through an
 * expression the export's keyset can compare; the two name filters have trigram indexes; the select filters
 * (designation, location, wear, the three yes/no) are b-trees on (column, updated_at, id), so a filter with a date
 * range is one index range.
 */
export const uniformRequests = pgTable(
  "uniform_requests",
  {
    id: serial().primaryKey(),
    designationId: smallint().notNull(),
    locationId: integer()
      .notNull()
      .references(() => locations.id, { onDelete: "restrict" }),
    locationName: varchar({ length: 190 }).notNull(),
    employeeFirstName: varchar({ length: 190 }).notNull(),
    employeeLastName: varchar({ length: 190 }).notNull(),
    newHire: boolean().notNull(),
    newOrder: boolean().notNull(),
    /** 'Replacement Uniform' (the API's re_order). */
    reOrder: boolean().notNull(),
    requestorName: varchar({ length: 190 }).notNull(),
    wearId: smallint().notNull(),
    /** Size(s), free text (the API's `text`). */
    sizes: varchar({ length: 190 }).notNull(),
    quantity: integer(),
    shirtQuantity: integer(),
    pantQuantity: integer(),
    comment: text().notNull(),
    managerEmail: varchar({ length: 190 }),
    routed: boolean().notNull().default(true),
    createdBy: integer().references(() => users.id, { onDelete: "set null" }),
    updatedBy: integer().references(() => users.id, { onDelete: "set null" }),
    updatedByName: varchar({ length: 190 }).notNull().default(""),
    ...requestState(),
    ...timestamps,
  },
  (t) => [
    index("uniform_requests_updated_at_idx").on(t.updatedAt, t.id),
    index("uniform_requests_employee_trgm_idx").using(
      "gin",
      sql`lower(${t.employeeFirstName} || ' ' || ${t.employeeLastName}) gin_trgm_ops`,
    ),
    index("uniform_requests_requestor_trgm_idx").using("gin", sql`lower(${t.requestorName}) gin_trgm_ops`),
    // The name sort also carries every select filter, the range's column and the names themselves
    // (after id, so they do not change the order): a filter with a range sorted by name is an
    // index-only walk of this index (EXPLAIN ANALYZE at 200,000 rows: 135-250 ms -> 6-11 ms).
    index("uniform_requests_employee_sort_idx").on(
      sql`lower(${t.employeeFirstName})`,
      sql`lower(${t.employeeLastName})`,
      t.id,
      t.designationId,
      t.locationId,
      t.wearId,
      t.newHire,
      t.newOrder,
      t.reOrder,
      t.updatedAt,
      t.employeeFirstName,
      t.employeeLastName,
    ),
    index("uniform_requests_requestor_sort_idx").on(sql`lower(${t.requestorName})`, t.id),
    index("uniform_requests_location_sort_idx").on(sql`lower(${t.locationName})`, t.id),
    index("uniform_requests_quantity_sort_idx").on(sql`coalesce(${t.quantity}, 2147483647)`, t.id),
    index("uniform_requests_shirt_sort_idx").on(sql`coalesce(${t.shirtQuantity}, 2147483647)`, t.id),
    index("uniform_requests_pant_sort_idx").on(sql`coalesce(${t.pantQuantity}, 2147483647)`, t.id),
    index("uniform_requests_designation_idx").on(t.designationId, t.updatedAt, t.id),
    index("uniform_requests_location_idx").on(t.locationId, t.updatedAt, t.id),
    index("uniform_requests_wear_idx").on(t.wearId, t.updatedAt, t.id),
    index("uniform_requests_new_hire_idx").on(t.newHire, t.updatedAt, t.id),
    index("uniform_requests_new_order_idx").on(t.newOrder, t.updatedAt, t.id),
    index("uniform_requests_re_order_idx").on(t.reOrder, t.updatedAt, t.id),
    index().on(t.createdBy),
    ...requestStateIndexes("uniform_requests", t),
  ],
);

/**
 * Exact row counts kept by statement-level triggers (migration 0014: insert, delete and truncate of
 * uniform_requests add or subtract the statement's rows in the same transaction), so the unfiltered
 * list's total ('1–25 of 1,000,000') is one row read instead of a count of a million.
 */
export const rowCounts = pgTable("row_counts", {
  tableName: varchar({ length: 63 }).primaryKey(),
  n: bigint({ mode: "number" }).notNull().default(0),
});

export const timeOffType = pgEnum("time_off_type", TIME_OFF_TYPES);

/**
 * Time-off requests (the fifth staff form, docs/recipes/add-a-staff-form.md): the requester's name and
 * e-mail as their profile had them when they saved it, the days (from..to, both included; a half day only
 * when they are one day), the type and a note.
 */
export const timeOffRequests = pgTable(
  "time_off_requests",
  {
    id: serial().primaryKey(),
    employeeName: varchar({ length: 190 }).notNull(),
    employeeEmail: varchar({ length: 190 }).notNull().default(""),
    dateFrom: date({ mode: "string" }).notNull(),
    dateTo: date({ mode: "string" }).notNull(),
    halfDay: boolean().notNull().default(false),
    type: timeOffType().notNull(),
    note: text(),
    ...submission(),
  },
  (t) => [
    index("time_off_requests_employee_trgm_idx").using("gin", sql`lower(${t.employeeName}) gin_trgm_ops`),
    index().on(t.dateFrom, t.id),
    index().on(t.dateTo, t.id),
    index().on(t.type, t.id),
    index().on(t.updatedAt, t.id),
    index().on(t.createdBy, t.id),
    index().on(t.locationId),
    ...requestStateIndexes("time_off_requests", t),
  ],
);
