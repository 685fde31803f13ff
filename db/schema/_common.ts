import { timestamp } from "drizzle-orm/pg-core";

/** created_at / updated_at on every table (house style rule 6). */
export const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};
