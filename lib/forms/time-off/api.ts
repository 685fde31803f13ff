import { toApiRequestState } from "@/lib/requests/columns";
import type { TimeOffRow } from "./columns";

/** A row with the v1 payload's names (dates YYYY-MM-DD, as the call takes them). */
export function toApiTimeOff(x: TimeOffRow) {
  return {
    id: x.id,
    employee_name: x.employeeName,
    employee_email: x.employeeEmail,
    date_from: x.dateFrom,
    date_to: x.dateTo,
    half_day: x.halfDay,
    type: x.type,
    note: x.note ?? "",
    location: x.locationId,
    location_name: x.locationName,
    manager_email: x.managerEmail,
    routed: x.routed,
    updated_by: x.updatedByName,
    updated_at: x.updatedAt.toISOString(),
    ...toApiRequestState(x),
  };
}
