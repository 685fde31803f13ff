import type { RequestStateRow } from "@/lib/requests/columns";
import { labelsOf, type TableSort } from "@/lib/data-table/state";
import type { UniformRequestValues } from "./schemas";

/**
 * The uniform request list's columns (ids as in the URL and the list call) and labels (the old portal's
 * screens): shared by the page, the DataTable, the export and the API. The SQL behind each id is in
 * lib/forms/uniform/queries.ts. `range` is the date-range filter (lib/forms/date-range.ts), not
 * a column.
 */
export const UNIFORM_COLUMNS = [
  { id: "designation", label: "Designation" },
  { id: "employee_name", label: "Employee Name" },
  { id: "location", label: "Location" },
  { id: "requestor", label: "Requestor" },
  { id: "new_hire", label: "New Hire" },
  { id: "new_order", label: "New Order" },
  { id: "re_order", label: "Replacement Uniform" },
  { id: "wear", label: "Wear" },
  { id: "quantity", label: "Total Item Quantity" },
  { id: "shirt_quantity", label: "Total Shirt Quantity" },
  { id: "pant_quantity", label: "Total Pant Quantity" },
  { id: "updated_at", label: "Updated At" },
] as const;
export type UniformColumnId = (typeof UNIFORM_COLUMNS)[number]["id"];

export const uniformLabel = labelsOf(UNIFORM_COLUMNS);

/** The form's labels of the fields the list does not show, for the export and the detail page. */
export const UNIFORM_FIELD_LABELS = { sizes: "Size(s)", comment: "Note/Comment" } as const;

/** The old portal's default order for tables: id, newest first. */
export const UNIFORM_DEFAULT_SORT: TableSort = { id: "id", desc: true };

/** Yes/No select filters carry 1 (Yes) or 2 (No): the data table's select filters take ids. */
export const YES_NO_FILTER = [
  { value: 1, text: "Yes" },
  { value: 2, text: "No" },
];

/** One row of the uniform list (and of its export). */
export type UniformListRow = {
  id: number;
  designationId: number;
  employeeFirstName: string;
  employeeLastName: string;
  locationId: number;
  locationName: string;
  requestorName: string;
  newHire: boolean;
  newOrder: boolean;
  reOrder: boolean;
  wearId: number;
  sizes: string;
  quantity: number | null;
  shirtQuantity: number | null;
  pantQuantity: number | null;
  comment: string;
  routed: boolean;
  updatedAt: Date;
} & RequestStateRow;

export const yesNo = (v: boolean) => (v ? "Yes" : "No");

/** A stored request as the form's values (the edit screen starts from them; a v1 update lays its fields over them). */
export function uniformFormValues(
  row: Pick<
    UniformListRow,
    | "designationId"
    | "locationId"
    | "employeeFirstName"
    | "employeeLastName"
    | "requestorName"
    | "newHire"
    | "newOrder"
    | "reOrder"
    | "wearId"
    | "sizes"
    | "quantity"
    | "shirtQuantity"
    | "pantQuantity"
    | "comment"
  >,
): UniformRequestValues {
  const n = (v: number | null) => (v === null ? "" : String(v));
  const yes = (b: boolean) => (b ? "yes" : "no");
  return {
    designationId: String(row.designationId),
    locationId: String(row.locationId),
    employeeFirstName: row.employeeFirstName,
    employeeLastName: row.employeeLastName,
    requestorName: row.requestorName,
    newHire: yes(row.newHire),
    newOrder: yes(row.newOrder),
    reOrder: yes(row.reOrder),
    wearId: String(row.wearId),
    sizes: row.sizes,
    quantity: n(row.quantity),
    shirtQuantity: n(row.shirtQuantity),
    pantQuantity: n(row.pantQuantity),
    comment: row.comment,
  };
}
