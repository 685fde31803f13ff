import { listLabelsWithUpdated, type TableSort } from "@/lib/data-table/state";
import { roleCan } from "@/lib/auth/roles";

/** The form email manager list's column labels (the old portal's screens), by id. */
export const mapperLabel = listLabelsWithUpdated([
  { id: "location", label: "Location Name" },
  { id: "to_email", label: "To Email" },
  { id: "cc_email", label: "CC Email" },
  { id: "approvers", label: "Approvers" },
  { id: "status", label: "Status" },
]);
/** The mapper list is in id order, oldest first (the old portal's limits and formats). */
export const MAPPER_DEFAULT_SORT: TableSort = { id: "id", desc: false };

export type MappingRow = {
  id: number;
  formKey: string;
  locationId: number;
  locationName: string;
  toEmails: string[];
  ccEmails: string[];
  status: "Open" | "Close";
  updatedByName: string | null;
  updatedAt: Date;
  /** Who decides this form's requests at this location (names, in order). */
  approverNames: string[];
};

/** Edit and delete show when the row is not closed or the user may change closed ones (manageClosedMappings). */
export const mayChangeMapping = (row: Pick<MappingRow, "status">, roleId: number) =>
  row.status !== "Close" || roleCan(roleId, "manageClosedMappings");
