import type { ExportColumn } from "@/lib/data-table/export";
import type { TableSort } from "@/lib/data-table/state";
import { personNameOf } from "./display-name";

/**
 * The user list's columns (ids as in the URL and the listuser call) and labels: shared by the page,
 * the DataTable, the export and the API. The SQL behind each id is in lib/users/queries.ts.
 */
export const USER_COLUMNS = [
  { id: "name", label: "Name", filter: "text" },
  { id: "email", label: "E-mail", filter: "text" },
  { id: "emp_id", label: "Dayforce Id", filter: "text" },
  { id: "role", label: "Role", filter: "id" },
  { id: "location", label: "Location", filter: "id" },
  { id: "department", label: "Department", filter: "id" },
  { id: "state", label: "State", filter: "id" },
  { id: "phone", label: "Phone", filter: "text" },
  { id: "status", label: "Status", filter: "id" },
  { id: "permissions", label: "Permissions", filter: null },
] as const;
export type UserColumnId = (typeof USER_COLUMNS)[number]["id"];

/**
 * An account's status as the list, its filter (the select's value is the position here, from 1) and the
 * export and import name it; the values are the users.status enum's.
 */
export const USER_STATUSES = [
  { value: "active", label: "Active" },
  { value: "disabled", label: "Deactivated" },
] as const;
export type UserStatus = (typeof USER_STATUSES)[number]["value"];
export const userStatusLabel = (s: UserStatus) => USER_STATUSES.find((x) => x.value === s)!.label;
/** The status a filter value (1, 2) names, or null. */
export const userStatusOfFilter = (v: string): UserStatus | null => USER_STATUSES[Number(v) - 1]?.value ?? null;

/** How the list, the export and the import join a person's permission labels in one cell. */
export const PERMISSION_SEPARATOR = "; ";

/** The old portal's default order for tables: id, newest first. */
export const USER_DEFAULT_SORT: TableSort = { id: "id", desc: true };

/** One row of the user list (and of its export). */
export type UserListRow = {
  id: number;
  firstName: string;
  lastName: string;
  email: string | null;
  username: string;
  empId: string | null;
  roleId: number;
  roleName: string;
  locationId: number | null;
  locationName: string | null;
  departmentId: number | null;
  departmentName: string | null;
  stateId: number | null;
  stateName: string | null;
  phone: string | null;
  status: UserStatus;
  /** The labels of the person's permissions, joined by PERMISSION_SEPARATOR ("" for none). */
  permissions: string;
};

/** The texts of the bulk delete (the old portal's texts). */
export const USER_DELETE_TEXTS = {
  title: "Are you sure?",
  text: "You can't revert your action",
  cancelled: "Your record(s) still intact",
  done: "You successfully deleted the record(s).",
  self: "You can't delete your own account.",
} as const;

/** The question before Deactivate (the user list's bulk action and Edit User's button). */
export const DEACTIVATE_TEXT =
  "They cannot sign in until reactivated, and their open sessions end now. Nothing they wrote is removed.";
export const USER_DEACTIVATE_TEXTS = (count: number) => ({
  title: count === 1 ? "Deactivate 1 account?" : `Deactivate ${count} accounts?`,
  text: DEACTIVATE_TEXT,
  cancelled: "Nothing was changed.",
  confirmLabel: "Deactivate",
});

/** The export's columns: those the list shows (docs/decisions.md: exports have the list's columns). */
const label = (id: string) => USER_COLUMNS.find((c) => c.id === id)!.label;
export const USER_EXPORT_COLUMNS: ExportColumn<UserListRow>[] = [
  { header: label("name"), value: (r) => personNameOf(r) },
  { header: label("email"), value: (r) => r.email },
  { header: label("emp_id"), value: (r) => r.empId },
  { header: label("role"), value: (r) => r.roleName },
  { header: label("location"), value: (r) => r.locationName },
  { header: label("department"), value: (r) => r.departmentName },
  { header: label("state"), value: (r) => r.stateName },
  { header: label("phone"), value: (r) => r.phone },
  { header: label("status"), value: (r) => userStatusLabel(r.status) },
  { header: label("permissions"), value: (r) => r.permissions },
];
