import { toApiRequestState } from "@/lib/requests/columns";
import { displayDate } from "@/lib/forms/fields";
import { type TechTimeRow } from "./columns";

/** A list row with the v1 payload's names. */
export function toApiTechTime(x: TechTimeRow) {
  return {
    id: x.id,
    empolyee_number: x.employeeNumber,
    employee_number: x.employeeNumber,
    empolyee_name: x.employeeName,
    employee_name: x.employeeName,
    employee_email: x.employeeEmail,
    date: displayDate(x.date),
    location: x.locationName,
    location_id: x.locationId,
    manager_email: x.managerEmail,
    routed: x.routed,
    updated_by: x.updatedByName,
    updated_at: x.updatedAt.toISOString(),
    ...toApiRequestState(x),
  };
}
