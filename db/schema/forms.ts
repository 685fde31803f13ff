import { sql } from "drizzle-orm";
import {
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
import { MAPPING_STATUSES, PAY_TYPES, TECH_TIME_ROW_KINDS } from "../../lib/forms/column-values";
import { cascadingRef, timestamps } from "./_common";
import { requestState, requestStateIndexes } from "./request-state";
import { locations, users } from "./users";

/**
 * Staff forms (lib/forms): the form email manager's mappings and the RO reversal and tech time
 * submissions. Suggestions and uniform requests live in ./staff-requests.ts. Every submission records
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
 * A mapping's approvers (issue 37): portal users (not typed addresses) who decide the form's requests at
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
    ...submission(),
  },
  (t) => [
    index("tech_times_employee_trgm_idx").using("gin", sql`lower(${t.employeeName}) gin_trgm_ops`),
    index("tech_times_number_trgm_idx").using("gin", sql`lower(${t.employeeNumber}) gin_trgm_ops`),
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
