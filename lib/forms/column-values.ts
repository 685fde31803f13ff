/**
 * The values of the staff forms' enum columns, shared by the Drizzle schema, the zod schemas and the
 * client. Kept free of imports: db/schema/forms.ts takes its pgEnums from here, and drizzle-kit loads
 * the schema without the project's path aliases.
 */

/** A form email mapping is open (routes mail, editable by its managers) or closed. */
export const MAPPING_STATUSES = ["Open", "Close"] as const;

/** An RO reversal's pay type. */
export const PAY_TYPES = ["Customer Pay", "Warranty"] as const;

/** A tech time request's rows: attendance corrections and shop time. */
export const TECH_TIME_ROW_KINDS = ["attendance", "shop"] as const;

/** A time-off request's type. */
export const TIME_OFF_TYPES = ["Vacation", "Sick", "Personal", "Unpaid"] as const;
