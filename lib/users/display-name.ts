import { sql, type SQL, type SQLWrapper } from "drizzle-orm";

/**
 * A person's display name, in one place: 'First Last', trimmed, and null when both are empty (then the
 * username where one is wanted). personName/personNameOrUsername build it in SQL over a users row (the
 * table, an alias of it, or raw `u.first_name` columns); personNameOf is the same rule for a row or a
 * session already in memory.
 */
type NameColumns = { firstName: SQLWrapper; lastName: SQLWrapper };

/** 'First Last' of a users row as SQL, trimmed; null when both are empty (or when the row is a missing outer join). */
export function personName(u: NameColumns): SQL<string | null> {
  return sql<string | null>`nullif(trim(${u.firstName} || ' ' || ${u.lastName}), '')`;
}

/** {@link personName}, or the username when the name is empty. */
export function personNameOrUsername(u: NameColumns & { username: SQLWrapper }): SQL<string> {
  return sql<string>`coalesce(${personName(u)}, ${u.username})`;
}

type NameFields = { firstName?: string | null; lastName?: string | null };

/**
 * {@link personName} in memory: 'First Last' without spaces at either end (spaces only, as PostgreSQL's
 * trim: a leading tab stays, and an export still sees it and neutralises the cell); "" when both are empty.
 */
export function personNameOf(u: NameFields): string {
  return `${u.firstName ?? ""} ${u.lastName ?? ""}`.replace(/^ +| +$/g, "");
}

/** {@link personNameOrUsername} in memory. */
export function personNameOrUsernameOf(u: NameFields & { username: string }): string {
  return personNameOf(u) || u.username;
}
