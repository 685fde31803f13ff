import "server-only";
import type { Tx } from "@/lib/db";
import { schema } from "@/lib/db";
import { PEOPLE_MESSAGES as M } from "./schemas";

/**
 * What a user's ids must name: roles, states, locations (with their department), departments and
 * permissions, read once (small tables), so Edit User, Add user and every row of an import are checked
 * by the same rules (refProblems) without a query per row.
 */
export type UserRefs = {
  roles: Map<number, string>;
  states: Map<number, { code: string; name: string }>;
  locations: Map<number, { name: string; departmentId: number }>;
  departments: Map<number, string>;
  /** Each permission's name (access_form_email_manager) and label (Access Form Email Manager). */
  permissions: Map<number, { name: string; label: string }>;
};

export async function loadUserRefs(tx: Tx): Promise<UserRefs> {
  const [roles, states, locations, departments, permissions] = await Promise.all([
    tx.select({ id: schema.roles.id, name: schema.roles.name }).from(schema.roles),
    tx.select({ id: schema.states.id, code: schema.states.code, name: schema.states.name }).from(schema.states),
    tx
      .select({ id: schema.locations.id, name: schema.locations.name, departmentId: schema.locations.departmentId })
      .from(schema.locations),
    tx.select({ id: schema.departments.id, name: schema.departments.name }).from(schema.departments),
    tx
      .select({ id: schema.permissions.id, name: schema.permissions.name, label: schema.permissions.label })
      .from(schema.permissions),
  ]);
  return {
    roles: new Map(roles.map((r) => [r.id, r.name])),
    states: new Map(states.map((s) => [s.id, s])),
    locations: new Map(locations.map((l) => [l.id, l])),
    departments: new Map(departments.map((d) => [d.id, d.name])),
    permissions: new Map(permissions.map((p) => [p.id, p])),
  };
}

type RefFields = {
  roleId: number;
  stateId: number | null;
  locationId: number | null;
  departmentId: number | null;
  permissionIds: number[];
};

/** The problems of a user's ids, by field (empty when every id exists and the department is the location's). */
export function refProblems(data: RefFields, refs: UserRefs): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const add = (field: string, message: string) => (out[field] ??= []).push(message);
  if (!refs.roles.has(data.roleId)) add("roleId", M.roleUnknown);
  if (data.stateId != null && !refs.states.has(data.stateId)) add("stateId", M.stateUnknown);
  const location = data.locationId != null ? refs.locations.get(data.locationId) : undefined;
  if (data.locationId != null && !location) add("locationId", M.locationUnknown);
  if (data.departmentId != null && !refs.departments.has(data.departmentId)) add("departmentId", M.departmentUnknown);
  else if (location && data.departmentId != null && location.departmentId !== data.departmentId)
    add("departmentId", M.departmentNotAtLocation);
  if (data.permissionIds.some((id) => !refs.permissions.has(id))) add("permissionIds", M.permissionUnknown);
  return out;
}
