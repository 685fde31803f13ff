import "server-only";
import { and, asc, eq, ilike, inArray, isNull, sql } from "drizzle-orm";
import { getDb, schema, type Db } from "@/lib/db";
import { inlineFileUrl } from "@/lib/files/links";
import { contains, equalsId, likePattern, type TableQuerySpec } from "@/lib/data-table/query";
import { defineList } from "@/lib/data-table/list-definition";
import {
  PERMISSION_SEPARATOR,
  USER_DEFAULT_SORT,
  USER_EXPORT_COLUMNS,
  userStatusOfFilter,
  type UserListRow,
} from "./columns";
import { personNameOrUsername } from "./display-name";
import { toId } from "@/lib/validation/id";

const { users, roles, locations, departments, states, permissions, userPermissions } = schema;

const fullName = sql`(${users.firstName} || ' ' || ${users.lastName})`;

/**
 * The user list over its allow-list of columns. Every filter is on the users table itself (the
 * reference columns filter by id), so the total is counted without joins; each has an index
 * (db/schema/users.ts): trigram for 'contains', b-tree for the ids and the sorts. Role, location,
 * department and state sort by their names, which no index on users can serve: a sort of the
 * filtered rows (about 30 ms at 50,000 on PostgreSQL).
 */
export const USER_QUERY: TableQuerySpec = {
  columns: {
    id: { sort: [] },
    name: {
      sort: [sql`lower(${users.firstName})`, sql`lower(${users.lastName})`],
      notNull: true,
      filter: contains(fullName),
    },
    email: { sort: [sql`lower(${users.email})`], filter: contains(users.email) },
    emp_id: { sort: [users.empId], filter: contains(users.empId) },
    role: { sort: [sql`${roles.name}`], notNull: true, filter: equalsId(users.roleId) },
    location: { sort: [sql`${locations.name}`], filter: equalsId(users.locationId) },
    department: { sort: [sql`${departments.name}`], filter: equalsId(users.departmentId) },
    state: { sort: [sql`${states.name}`], filter: equalsId(users.stateId) },
    phone: { sort: [users.phone], filter: contains(users.phone) },
    status: {
      sort: [users.status],
      notNull: true,
      filter: { kind: "id", where: (v) => eq(users.status, userStatusOfFilter(v) ?? "active") },
    },
  },
  tiebreak: users.id,
  defaultSort: USER_DEFAULT_SORT,
  base: isNull(users.deletedAt),
};

const rowColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  username: users.username,
  empId: users.empId,
  roleId: users.roleId,
  roleName: roles.name,
  locationId: users.locationId,
  locationName: locations.name,
  departmentId: users.departmentId,
  departmentName: departments.name,
  stateId: users.stateId,
  stateName: states.name,
  phone: users.phone,
};

/** The list's row: the person's columns, their status and their permissions. */
const listColumns = {
  ...rowColumns,
  status: users.status,
  // The person's permission labels in one cell (a handful per person, by the primary key's index).
  permissions: sql<string>`coalesce((select string_agg(${permissions.label}, ${PERMISSION_SEPARATOR} order by ${permissions.label})
    from ${userPermissions} join ${permissions} on ${permissions.id} = ${userPermissions.permissionId}
    where ${userPermissions.userId} = ${users.id}), '')`,
};

function joined<T extends Record<string, unknown>>(db: Db, columns: T) {
  return db
    .select(columns as never)
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(locations, eq(locations.id, users.locationId))
    .leftJoin(departments, eq(departments.id, users.departmentId))
    .leftJoin(states, eq(states.id, users.stateId));
}

/**
 * The user list on the generic list definition (lib/data-table/list-definition.ts): one page of (not
 * deleted) users with the total in one statement, a deferred join (the page's ids are found on the
 * users table alone, an index range however deep the page, and only those 25 to 500 rows are joined
 * to their role, location, department and state; sorts by a reference table's name need that join),
 * and the CSV/XLSX export from keyset batches behind a signed link (GET /api/export/users).
 */
export const userList = defineList<UserListRow>({
  kind: "users",
  table: users,
  id: users.id,
  query: USER_QUERY,
  columns: listColumns,
  from: joined,
  joinedSorts: ["role", "location", "department", "state"],
  export: {
    path: "/api/export/users",
    columns: USER_EXPORT_COLUMNS,
    sheetName: "Users",
    filePrefix: "users",
  },
});

export type Option = { value: number; text: string };

/** Roles for the selector (a role with value zero is hidden, as on the old portal). */
export async function listRoles(): Promise<Option[]> {
  const db = await getDb();
  return db
    .select({ value: roles.id, text: roles.name })
    .from(roles)
    .where(sql`${roles.id} <> 0`)
    .orderBy(asc(roles.id));
}

/** States, optionally those whose name or code contains `search`. */
export async function listStates(search?: string): Promise<(Option & { code: string })[]> {
  const db = await getDb();
  return db
    .select({ value: states.id, text: states.name, code: states.code })
    .from(states)
    .where(
      search
        ? sql`(${ilike(states.name, likePattern(search))} or ${ilike(states.code, likePattern(search))})`
        : undefined,
    )
    .orderBy(asc(states.name));
}

/** Departments; with `locationId`, the department that location belongs to. */
export async function listDepartments(locationId?: number): Promise<Option[]> {
  const db = await getDb();
  if (locationId) {
    return db
      .select({ value: departments.id, text: departments.name })
      .from(departments)
      .innerJoin(locations, eq(locations.departmentId, departments.id))
      .where(eq(locations.id, locationId))
      .orderBy(asc(departments.name));
  }
  return db.select({ value: departments.id, text: departments.name }).from(departments).orderBy(asc(departments.name));
}

/** Locations (for the list's location filter and the forms), each with the department it belongs to. */
export async function listLocations(): Promise<(Option & { departmentId: number })[]> {
  const db = await getDb();
  return db
    .select({ value: locations.id, text: locations.name, departmentId: locations.departmentId })
    .from(locations)
    .orderBy(asc(locations.name));
}

/** Ids of the given users that exist and are not deleted. */
export async function existingUserIds(ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const db = await getDb();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), isNull(users.deletedAt)));
  return rows.map((r) => r.id);
}

/** One user as the Edit User and Edit Profile screens show them. */
export type UserDetail = {
  id: number;
  username: string;
  email: string | null;
  firstName: string;
  lastName: string;
  empId: string | null;
  roleId: number;
  roleName: string;
  stateId: number | null;
  stateName: string | null;
  locationId: number | null;
  locationName: string | null;
  departmentId: number | null;
  departmentName: string | null;
  phone: string | null;
  post: string | null;
  teamDesignation: string | null;
  description: string | null;
  bio: string | null;
  quote: string | null;
  quoteName: string | null;
  profileImage: string | null;
  /** A signed link to the photo (an hour), or null. */
  profileImageUrl: string | null;
  profileColor: string;
  /** Whether the account has a password here (false: it signs in through the SSO only). */
  hasPassword: boolean;
  permissions: { id: number; name: string }[];
};

/** What both the profile and Edit User show of a user's own data (read-only there but phone and location). */
export function personalFieldsOf(u: UserDetail) {
  const { firstName, lastName, email, empId, phone, locationId } = u;
  return { firstName, lastName, email, empId, phone, locationId };
}

/** The profile form's values as stored: the form's defaults, and what a field left out of an update keeps. */
export function profileValuesOf(
  u: Pick<UserDetail, "post" | "teamDesignation" | "description" | "bio" | "quote" | "quoteName">,
) {
  return {
    post: u.post ?? "",
    teamDesignation: u.teamDesignation ?? "",
    description: u.description ?? "",
    bio: u.bio ?? "",
    quote: u.quote ?? "",
    quoteName: u.quoteName ?? "",
    filePath: "",
    removePhoto: false,
  };
}

/** The caller's profile values as stored (null: no such user; the save answers that). */
export async function storedProfile(id: number) {
  const u = await getUserDetail({ id });
  return u && profileValuesOf(u);
}

/** Edit User's stored values for an update's raw input (null: no valid id, or no such user; the schema or save answers that). */
export async function storedEditUser(input: Record<string, unknown>) {
  const id = toId(input.id);
  const u = id == null ? null : await getUserDetail({ id });
  return u && editUserValuesOf(u);
}

/** Edit User's values as stored (ids as the form's selects hold them): what a field left out of an update keeps. */
export function editUserValuesOf(u: UserDetail) {
  return {
    id: u.id,
    roleId: u.roleId,
    stateId: u.stateId,
    locationId: u.locationId,
    departmentId: u.departmentId,
    phone: u.phone ?? "",
    permissionIds: u.permissions.map((p) => p.id),
  };
}

/** A user that exists and is not deleted, with names of their references and their permissions; null if none. */
export async function getUserDetail({ id }: { id: number }): Promise<UserDetail | null> {
  const db = await getDb();
  const [row] = await db
    .select({
      ...rowColumns,
      post: users.post,
      teamDesignation: users.teamDesignation,
      description: users.description,
      bio: users.bio,
      quote: users.quote,
      quoteName: users.quoteName,
      profileImage: users.profileImage,
      profileColor: users.profileColor,
      hasPassword: sql<boolean>`${users.passwordHash} is not null`,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(states, eq(states.id, users.stateId))
    .leftJoin(locations, eq(locations.id, users.locationId))
    .leftJoin(departments, eq(departments.id, users.departmentId))
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .limit(1);
  if (!row) return null;
  const perms = await db
    .select({ id: permissions.id, name: permissions.name })
    .from(userPermissions)
    .innerJoin(permissions, eq(permissions.id, userPermissions.permissionId))
    .where(eq(userPermissions.userId, id))
    .orderBy(asc(permissions.id));
  return { ...row, hasPassword: !!row.hasPassword, profileImageUrl: photoUrl(row.profileImage), permissions: perms };
}

/** A signed, hour-long link to a profile photo (its storage key), or null. */
export function photoUrl(key: string | null | undefined): string | null {
  return key ? inlineFileUrl({ storageKey: key }) : null;
}

/** One card of the HR list. */
export type HrCard = {
  id: number;
  name: string;
  post: string | null;
  position: number;
  imageUrl: string | null;
  initials: string;
  color: string;
};

/** The HR list: every (not deleted) user, in HR order (then name). */
export async function listHrCards(): Promise<HrCard[]> {
  const db = await getDb();
  const rows = await db
    .select({
      id: users.id,
      name: personNameOrUsername(users),
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
      post: users.post,
      position: users.hrPosition,
      image: users.profileImage,
      color: users.profileColor,
    })
    .from(users)
    .where(isNull(users.deletedAt))
    .orderBy(asc(users.hrPosition), asc(sql`lower(${users.firstName})`), asc(users.id))
    .limit(2000);
  return rows.map((r) => {
    const initials =
      ((r.firstName[0] ?? "") + (r.lastName[0] ?? "")).toUpperCase() || r.username.slice(0, 2).toUpperCase();
    return {
      id: r.id,
      name: r.name,
      post: r.post,
      position: r.position,
      imageUrl: photoUrl(r.image),
      initials,
      color: r.color,
    };
  });
}

/** Edit User's account buttons: whether the account may sign in, and whether it has a password here or may get one. */
export async function getAccountState(id: number): Promise<{ active: boolean; ssoOnly: boolean } | null> {
  const db = await getDb();
  const [row] = await db
    .select({ status: users.status, passwordHash: users.passwordHash, oidcSubject: users.oidcSubject })
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .limit(1);
  return row ? { active: row.status === "active", ssoOnly: !!row.oidcSubject && !row.passwordHash } : null;
}
