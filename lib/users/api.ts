import type { UserListRow } from "./columns";
import type { UserDetail } from "./queries";
import { personNameOf } from "./display-name";

/** A user list row with the v1 API's payload names. */
export function toApiUser(r: UserListRow) {
  return {
    id: r.id,
    first_name: r.firstName,
    last_name: r.lastName,
    name: personNameOf(r),
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
    status: r.status,
  };
}

/** A user detail with the v1 API's payload names. */
export function toApiUserDetail(u: UserDetail) {
  return {
    id: u.id,
    first_name: u.firstName,
    last_name: u.lastName,
    email: u.email,
    username: u.username,
    emp_id: u.empId,
    role: { id: u.roleId, system_id: u.roleId, name: u.roleName },
    role_id: u.roleId,
    role_name: u.roleName,
    state: u.stateId,
    state_name: u.stateName,
    location_id: u.locationId,
    location_name: u.locationName,
    department_id: u.departmentId,
    department_name: u.departmentName,
    phone: u.phone,
    description: u.description,
    bio: u.bio,
    quote: u.quote,
    quote_name: u.quoteName,
    post: u.post,
    team_designation: u.teamDesignation,
    profile_image: u.profileImageUrl,
    profile_image_path: u.profileImage,
    profile_color: u.profileColor,
    permissions: u.permissions,
  };
}
