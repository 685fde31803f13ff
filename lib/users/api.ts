import type { UserListRow } from "./columns";

/** A user list row with the v1 API's payload names. */
export function toApiUser(r: UserListRow) {
  return {
    id: r.id,
    first_name: r.firstName,
    last_name: r.lastName,
    name: [r.firstName, r.lastName].filter(Boolean).join(" "),
    email: r.email,
    username: r.username,
    emp_id: r.empId,
    role_id: r.roleId,
    role_name: r.roleName,
    location_id: r.locationId,
    location_name: r.locationName,
    department_id: r.departmentId,
    department_name: r.departmentName,
    state_id: r.stateId,
    state: r.stateName,
    phone: r.phone,
  };
}
