import type { RequestStateRow } from "@/lib/requests/columns";
import { UPDATED_COLUMNS, labelsOf, type TableSort } from "@/lib/data-table/state";

/** The tech time list's columns (spec section 2). */
export const TECH_COLUMNS = [
  { id: "employee_number", label: "Employee Number" },
  { id: "employee_name", label: "Employee Name" },
  { id: "employee_email", label: "Employee Email" },
  { id: "date", label: "Date" },
  ...UPDATED_COLUMNS,
] as const;
export const techLabel = labelsOf(TECH_COLUMNS);
export const TECH_DEFAULT_SORT: TableSort = { id: "id", desc: true };

export type TechTimeRow = {
  id: number;
  employeeNumber: string;
  employeeName: string;
  employeeEmail: string;
  date: string;
  locationId: number | null;
  locationName: string | null;
  managerEmail: string | null;
  routed: boolean;
  createdBy: number | null;
  updatedByName: string | null;
  updatedAt: Date;
} & RequestStateRow;
