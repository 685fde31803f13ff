import { integer, timestamp, type AnyPgColumn } from "drizzle-orm/pg-core";

/** created_at / updated_at on every table (house style rule 6). */
export const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

/** A required reference to a parent row, deleted with it (a post's comments, a link table's rows). */
export const cascadingRef = (parent: () => AnyPgColumn) =>
  integer().notNull().references(parent, { onDelete: "cascade" });
