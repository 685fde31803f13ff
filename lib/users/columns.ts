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
] as const;
export type UserColumnId = (typeof USER_COLUMNS)[number]["id"];

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
};

/** The texts of the bulk delete (the old portal's texts). */
export const USER_DELETE_TEXTS = {
  title: "Are you sure?",
  text: "You can't revert your action",
  cancelled: "Your record(s) still intact",
  done: "You successfully deleted the record(s).",
  self: "You can't delete your own account.",
} as const;

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
];
