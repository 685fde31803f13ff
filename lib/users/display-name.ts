import { sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

type NameColumns = { firstName: AnyPgColumn; lastName: AnyPgColumn };

/** 'First Last' of a users row (the table or an alias of it) as SQL, trimmed; null when both are empty. */
export function personName(u: NameColumns): SQL<string | null> {
  return sql<string | null>`nullif(trim(${u.firstName} || ' ' || ${u.lastName}), '')`;
}

/** {@link personName}, or the username when the name is empty. */
export function personNameOrUsername(u: NameColumns & { username: AnyPgColumn }): SQL<string> {
  return sql<string>`coalesce(${personName(u)}, ${u.username})`;
}
