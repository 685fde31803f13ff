import "server-only";
import { inArray, sql } from "drizzle-orm";
import { schema, type Tx } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { getStorage } from "@/lib/storage";
import { FILE_MESSAGES } from "@/lib/files/constants";
import { getFileByKey, isStored, type FileRow } from "@/lib/files/queries";
import { keyFromClientPath } from "@/lib/files/links";
import { deleteFiles, withFileTransaction } from "@/lib/files/mutations";
import { writeAudit } from "@/lib/system/audit";
import { revokeAllFeedTokens } from "@/lib/calendar/mutations";
import { csvRecords } from "./csv";
import { PERMISSION_SEPARATOR, USER_COLUMNS, USER_STATUSES, userStatusLabel, type UserStatus } from "./columns";
import { PEOPLE_MESSAGES as M, newUserSchema, type NewUser } from "./schemas";
import { loadUserRefs, refProblems, type UserRefs } from "./refs";
import { revokeSessions } from "./mutations";
import { writeUserStatus } from "./onboarding";
import { issuePasswordLinks } from "./password-links";

const { users, userPermissions } = schema;

/** A file may have this many rows (not counting its header). */
export const IMPORT_MAX_ROWS = 5000;
const BATCH = 1000;

/** The import reads the columns of the user export (lib/users/columns.ts), by their headers. */
const label = (id: (typeof USER_COLUMNS)[number]["id"]) => USER_COLUMNS.find((c) => c.id === id)!.label;
const HEADERS = {
  name: label("name"),
  email: label("email"),
  empId: label("emp_id"),
  role: label("role"),
  location: label("location"),
  department: label("department"),
  state: label("state"),
  phone: label("phone"),
  status: label("status"),
  permissions: label("permissions"),
} as const;
type Column = keyof typeof HEADERS;

export type ImportAction = "create" | "change" | "unchanged" | "refuse";
export type ImportChange = { field: string; from: string; to: string };
export type ImportRow = {
  /** The row's line in the file (the header is line 1). */
  line: number;
  action: ImportAction;
  name: string;
  email: string;
  changes: ImportChange[];
  /** Why the row is refused (every reason, each a sentence). */
  errors: string[];
};
export type ImportResult = {
  rows: ImportRow[];
  counts: Record<ImportAction, number>;
  committed: boolean;
};

/** The export neutralises a cell that a spreadsheet would run as a formula ('=...): undone here. */
const cellText = (v: string | undefined) => (v ?? "").replace(/^'(?=[=+\-@\t\r])/, "").trim();

/** The temporary upload the import reads: the caller's own CSV (store_document?kind=document). */
async function uploadOf(path: string, ownerId: number, tx: Tx): Promise<FileRow> {
  let key: string;
  try {
    key = keyFromClientPath(path);
  } catch {
    throw new AppError(422, FILE_MESSAGES.notFound, { file: [FILE_MESSAGES.notFound] });
  }
  const file = await getFileByKey({ key }, tx);
  if (!file || file.status !== "temporary" || file.ownerId !== ownerId || !isStored(file) || file.kind !== "document")
    throw new AppError(422, FILE_MESSAGES.notFound, { file: [FILE_MESSAGES.notFound] });
  return file;
}

/** The file's rows as { column: cell } (streamed; at most IMPORT_MAX_ROWS), with their line numbers. */
async function readRows(file: FileRow): Promise<{ line: number; cells: Partial<Record<Column, string>> }[]> {
  const stream = await getStorage().get(file.storageKey);
  const byHeader = new Map(Object.entries(HEADERS).map(([k, v]) => [v.toLowerCase(), k as Column]));
  let columns: (Column | undefined)[] | null = null;
  const rows: { line: number; cells: Partial<Record<Column, string>> }[] = [];
  let line = 0;
  try {
    for await (const record of csvRecords(stream)) {
      line++;
      if (!columns) {
        columns = record.map((h) => byHeader.get(h.trim().toLowerCase()));
        if (!columns.includes("name") || !columns.includes("email"))
          throw new AppError(422, M.importHeaders, { file: [M.importHeaders] });
        continue;
      }
      if (record.every((c) => !c.trim())) continue;
      if (rows.length >= IMPORT_MAX_ROWS) throw new AppError(422, M.importTooMany, { file: [M.importTooMany] });
      const cells: Partial<Record<Column, string>> = {};
      // A short row (a spreadsheet drops trailing empty cells) keeps what its missing columns hold.
      columns.forEach((c, i) => {
        if (c && i < record.length) cells[c] = cellText(record[i]);
      });
      rows.push({ line, cells });
    }
  } finally {
    stream.destroy();
  }
  if (!columns) throw new AppError(422, M.importHeaders, { file: [M.importHeaders] });
  if (!rows.length) throw new AppError(422, M.importEmpty, { file: [M.importEmpty] });
  return rows;
}

/** Name lookups (case-insensitive) over the refs: what a cell names. */
function lookups(refs: UserRefs) {
  const group = <V>(entries: [string, V][]) => {
    const m = new Map<string, V[]>();
    for (const [k, v] of entries) m.set(k.toLowerCase(), [...(m.get(k.toLowerCase()) ?? []), v]);
    return m;
  };
  return {
    roles: group([...refs.roles].map(([id, name]) => [name, id])),
    locations: group([...refs.locations].map(([id, l]) => [l.name, { id, departmentId: l.departmentId }])),
    departments: group([...refs.departments].map(([id, name]) => [name, id])),
    states: group([...refs.states].flatMap(([id, s]) => [[s.code, id] as [string, number], [s.name, id]])),
    permissions: group([...refs.permissions].flatMap(([id, p]) => [[p.label, id] as [string, number], [p.name, id]])),
    statuses: group<UserStatus>(
      USER_STATUSES.flatMap((s) => [[s.label, s.value] as [string, UserStatus], [s.value, s.value]]),
    ),
  };
}

type Existing = {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  empId: string | null;
  roleId: number;
  stateId: number | null;
  locationId: number | null;
  departmentId: number | null;
  phone: string | null;
  status: UserStatus;
  deletedAt: Date | null;
  /** Their permission ids, ascending. */
  permissionIds: number[];
};

/** The users the file's e-mails (or usernames) name, by lower-case e-mail / username. */
async function existingUsers(tx: Tx, emails: string[]) {
  const byEmail = new Map<string, Existing>();
  const usernames = new Set<string>();
  for (let i = 0; i < emails.length; i += BATCH) {
    const part = emails.slice(i, i + BATCH);
    const rows = await tx
      .select({
        id: users.id,
        email: sql<string>`lower(${users.email})`,
        username: sql<string>`lower(${users.username})`,
        firstName: users.firstName,
        lastName: users.lastName,
        empId: users.empId,
        roleId: users.roleId,
        stateId: users.stateId,
        locationId: users.locationId,
        departmentId: users.departmentId,
        phone: users.phone,
        status: users.status,
        deletedAt: users.deletedAt,
        permissionIds: sql<number[]>`array(select ${userPermissions.permissionId} from ${userPermissions}
          where ${userPermissions.userId} = ${users.id} order by 1)`,
      })
      .from(users)
      .where(sql`lower(${users.email}) in ${part} or lower(${users.username}) in ${part}`)
      .for("update", { of: users });
    for (const r of rows) {
      if (r.email && part.includes(r.email)) byEmail.set(r.email, { ...r, permissionIds: r.permissionIds.map(Number) });
      usernames.add(r.username);
    }
  }
  return { byEmail, usernames };
}

type Planned = ImportRow & {
  data?: NewUser;
  status?: UserStatus;
  id?: number;
  before?: Existing;
  roleChanged?: boolean;
  permissionsChanged?: boolean;
};

/** Reads and judges every row; nothing is written. */
async function plan(tx: Tx, file: FileRow, actorId: number): Promise<Planned[]> {
  const rows = await readRows(file);
  const refs = await loadUserRefs(tx);
  const names = lookups(refs);
  const emails = [...new Set(rows.map((r) => (r.cells.email ?? "").toLowerCase()).filter(Boolean))];
  const { byEmail, usernames } = await existingUsers(tx, emails);
  const seen = new Set<string>();
  const refName = {
    role: (id: number | null) => (id == null ? "" : (refs.roles.get(id) ?? "")),
    location: (id: number | null) => (id == null ? "" : (refs.locations.get(id)?.name ?? "")),
    department: (id: number | null) => (id == null ? "" : (refs.departments.get(id) ?? "")),
    state: (id: number | null) => (id == null ? "" : (refs.states.get(id)?.name ?? "")),
    permissions: (ids: number[]) =>
      ids
        .map((id) => refs.permissions.get(id)?.label ?? "")
        .sort()
        .join(PERMISSION_SEPARATOR),
  };

  return rows.map(({ line, cells }): Planned => {
    const errors: string[] = [];
    const email = (cells.email ?? "").toLowerCase();
    const existing = byEmail.get(email);
    const nameCell = cells.name ?? "";
    const out: Planned = { line, action: "refuse", name: nameCell, email: cells.email ?? "", changes: [], errors };

    // Names: a cell that is the stored name as the export writes it keeps how it is split.
    const [first, ...rest] = nameCell.split(/\s+/);
    const keepName = existing && `${existing.firstName} ${existing.lastName}`.trim().replace(/\s+/g, " ") === nameCell;
    const unknown = new Set<string>();
    const pick = <T>(what: string, cell: string | undefined, map: Map<string, T[]>, choose?: (all: T[]) => T) => {
      if (cell === undefined) return undefined; // column not in the file: keep
      if (!cell) return null;
      const all = map.get(cell.toLowerCase());
      if (!all?.length) {
        errors.push(M.importUnknownName(what, cell));
        unknown.add(`${what}Id`);
        return null;
      }
      return choose ? choose(all) : all[0];
    };
    const departmentHits = cells.department ? names.departments.get(cells.department.toLowerCase()) : undefined;
    const location = pick("location", cells.location, names.locations, (all) => {
      if (all.length === 1) return all[0];
      const inDepartment = all.filter((l) => departmentHits?.includes(l.departmentId));
      if (inDepartment.length === 1) return inDepartment[0];
      errors.push(M.importAmbiguousLocation(cells.location!));
      return all[0];
    });
    const departmentId = pick("department", cells.department, names.departments, (all) =>
      location && all.includes(location.departmentId) ? location.departmentId : all[0],
    );
    const roleId = pick("role", cells.role, names.roles);
    const stateId = pick("state", cells.state, names.states);
    // An empty status keeps the stored one (a new person is active); an empty permissions cell is none.
    const status = cells.status ? pick("status", cells.status, names.statuses) : undefined;
    const permissionIds =
      cells.permissions === undefined
        ? existing?.permissionIds
        : cells.permissions
            .split(PERMISSION_SEPARATOR.trim())
            .map((p) => p.trim())
            .filter(Boolean)
            .map((p) => pick("permission", p, names.permissions))
            .filter((id): id is number => typeof id === "number");

    const parsed = newUserSchema.safeParse({
      firstName: keepName ? existing.firstName : first,
      lastName: keepName ? existing.lastName : rest.join(" "),
      email: cells.email ?? "",
      empId: cells.empId ?? existing?.empId ?? "",
      roleId: roleId === undefined ? existing?.roleId : roleId,
      stateId: stateId === undefined ? existing?.stateId : stateId,
      locationId: location === undefined ? existing?.locationId : (location?.id ?? null),
      departmentId: departmentId === undefined ? existing?.departmentId : departmentId,
      phone: cells.phone ?? existing?.phone ?? "",
      permissionIds: permissionIds ?? [],
    });
    if (!parsed.success) {
      // A name already refused as unknown is not also 'required'.
      for (const issue of parsed.error.issues) if (!unknown.has(String(issue.path[0]))) errors.push(issue.message);
    } else if (!errors.length) {
      for (const list of Object.values(refProblems(parsed.data, refs))) errors.push(...list);
    }
    if (email) {
      if (seen.has(email)) errors.push(M.importDuplicate);
      seen.add(email);
    }
    if (existing?.deletedAt) errors.push(M.importDeleted);
    else if (existing && existing.id === actorId) errors.push(M.importOwnRecord);
    else if (!existing && usernames.has(email)) errors.push(M.emailTaken);
    if (errors.length || !parsed.success) return out;

    const data = { ...parsed.data, permissionIds: [...new Set(parsed.data.permissionIds)].sort((a, b) => a - b) };
    out.name = `${data.firstName} ${data.lastName}`;
    out.data = data;
    out.status = status ?? existing?.status ?? "active";
    if (!existing) return { ...out, action: "create" };
    const compare: [string, string, string][] = [
      ["First name", existing.firstName, data.firstName],
      ["Last name", existing.lastName, data.lastName],
      [HEADERS.empId, existing.empId ?? "", data.empId],
      [HEADERS.role, refName.role(existing.roleId), refName.role(data.roleId)],
      [HEADERS.location, refName.location(existing.locationId), refName.location(data.locationId)],
      [HEADERS.department, refName.department(existing.departmentId), refName.department(data.departmentId)],
      [HEADERS.state, refName.state(existing.stateId), refName.state(data.stateId)],
      [HEADERS.phone, existing.phone ?? "", data.phone],
      [HEADERS.status, userStatusLabel(existing.status), userStatusLabel(out.status)],
      [HEADERS.permissions, refName.permissions(existing.permissionIds), refName.permissions(data.permissionIds)],
    ];
    out.changes = compare.filter(([, from, to]) => from !== to).map(([field, from, to]) => ({ field, from, to }));
    out.id = existing.id;
    out.before = existing;
    out.roleChanged = existing.roleId !== data.roleId;
    out.permissionsChanged = existing.permissionIds.join() !== data.permissionIds.join();
    return { ...out, action: out.changes.length ? "change" : "unchanged" };
  });
}

/** Gives each person exactly these permissions (`replace`: what they held before goes). */
async function setPermissions(tx: Tx, people: { id: number; permissionIds: number[] }[], replace = false) {
  if (!people.length) return;
  if (replace)
    await tx.delete(userPermissions).where(
      inArray(
        userPermissions.userId,
        people.map((p) => p.id),
      ),
    );
  const values = people.flatMap((p) => p.permissionIds.map((permissionId) => ({ userId: p.id, permissionId })));
  for (let i = 0; i < values.length; i += BATCH) await tx.insert(userPermissions).values(values.slice(i, i + BATCH));
}

/** Writes the planned creations and changes, batched, in the caller's transaction. */
async function write(
  tx: Tx,
  planned: Planned[],
  audit: { actorId: number; requestId?: string | null },
): Promise<{ created: number[]; changed: number[] }> {
  const creates = planned.filter((p) => p.action === "create");
  const changes = planned.filter((p) => p.action === "change");
  const created: number[] = [];
  for (let i = 0; i < creates.length; i += BATCH) {
    const part = creates.slice(i, i + BATCH);
    const rows = await tx
      .insert(users)
      .values(
        part.map(({ data: d, status }) => ({
          username: d!.email,
          status,
          email: d!.email,
          firstName: d!.firstName,
          lastName: d!.lastName,
          empId: d!.empId || null,
          roleId: d!.roleId,
          stateId: d!.stateId,
          locationId: d!.locationId,
          departmentId: d!.departmentId,
          phone: d!.phone || null,
        })),
      )
      .returning({ id: users.id });
    created.push(...rows.map((r) => r.id));
    await setPermissions(
      tx,
      part.map((p, j) => ({ id: rows[j].id, permissionIds: p.data!.permissionIds })),
    );
    // A person imported as deactivated gets no link: Reactivate and Send password reset give them one.
    await issuePasswordLinks(
      tx,
      part.flatMap((p, j) =>
        p.status === "disabled" ? [] : [{ id: rows[j].id, email: p.data!.email, firstName: p.data!.firstName }],
      ),
      "invite",
    );
  }
  for (let i = 0; i < changes.length; i += BATCH) {
    const part = changes.slice(i, i + BATCH);
    const values = sql.join(
      part.map(
        ({ id, data: d }) =>
          sql`(${id}::int, ${d!.firstName}::varchar, ${d!.lastName}::varchar, ${d!.empId || null}::varchar, ${d!.roleId}::int, ${d!.stateId}::int, ${d!.locationId}::int, ${d!.departmentId}::int, ${d!.phone || null}::varchar)`,
      ),
      sql`, `,
    );
    await tx.execute(sql`update ${users} set first_name = v.first_name, last_name = v.last_name, emp_id = v.emp_id,
      role_id = v.role_id, state_id = v.state_id, location_id = v.location_id, department_id = v.department_id,
      phone = v.phone, updated_at = now()
      from (values ${values}) as v(id, first_name, last_name, emp_id, role_id, state_id, location_id, department_id, phone)
      where ${users.id} = v.id`);
    await setPermissions(
      tx,
      part.filter((p) => p.permissionsChanged).map((p) => ({ id: p.id!, permissionIds: p.data!.permissionIds })),
      true,
    );
  }
  for (const status of ["active", "disabled"] as const) {
    const rows = changes.filter((p) => p.status === status).map((p) => ({ id: p.id!, status: p.before!.status }));
    await writeUserStatus(tx, rows, status, audit);
  }
  // As on Edit User: new rights end the person's sessions, and a new role their calendar links too.
  const now = new Date();
  for (const p of changes.filter((c) => c.roleChanged || c.permissionsChanged)) {
    await revokeSessions(tx, p.id!, now, "access");
    if (p.roleChanged) await revokeAllFeedTokens(tx, p.id!);
  }
  return { created, changed: changes.map((c) => c.id!) };
}

/**
 * Import users from a CSV with the user export's columns (administrators). Matched to accounts by
 * e-mail: an unknown e-mail is a new account (invited as on Add user), a known one is changed where
 * its cells differ (a column the file does not have is kept, as is an empty Status; an empty Permissions
 * cell is none; a new person imported as Deactivated is not mailed a link). Every row is judged
 * by Add user's schema and Edit User's rules; a refused row says why. `commit` false answers the
 * preview only; true writes the created and changed rows in one transaction (refused rows are
 * skipped) and removes the upload. One audit row for the import, and one per status it changes (as
 * Deactivate / Reactivate write).
 */
export async function importUsers(input: {
  file: string;
  commit: boolean;
  actorId: number;
  requestId?: string | null;
}): Promise<ImportResult> {
  return withFileTransaction(async (tx) => {
    const file = await uploadOf(input.file, input.actorId, tx);
    const planned = await plan(tx, file, input.actorId);
    const counts = { create: 0, change: 0, unchanged: 0, refuse: 0 };
    for (const p of planned) counts[p.action]++;
    if (input.commit) {
      const { created, changed } = await write(tx, planned, input);
      await deleteFiles([file], tx);
      await writeAudit(
        {
          actorId: input.actorId,
          action: "user.import",
          entity: "user",
          after: { file: file.originalName, created, changed, refused: counts.refuse },
          requestId: input.requestId,
        },
        tx,
      );
    }
    const rows = planned.map(({ line, action, name, email, changes, errors }) => ({
      line,
      action,
      name,
      email,
      changes,
      errors,
    }));
    return { rows, counts, committed: input.commit };
  });
}
