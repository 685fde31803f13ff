import { toApiRequestState } from "@/lib/requests/columns";
import { displayDate } from "@/lib/forms/fields";
import type { RoReversalRow } from "./columns";

/** A row with the v1 payload's names. */
export function toApiRoReversal(x: RoReversalRow) {
  return {
    id: x.id,
    empolyee_name: x.employeeName,
    date_of_request: displayDate(x.dateOfRequest),
    full_ra: x.fullRa,
    date_ra: displayDate(x.dateRaClosed),
    date_ra_was_originally_closed: displayDate(x.dateRaClosed),
    pay_type: x.payType,
    location: x.locationId,
    location_name: x.locationName,
    reason: x.reason,
    billed_time: x.billedTime ?? "",
    howMuchTimeBilled: x.billedTime ?? "",
    questions: x.questions ?? "",
    manager_email: x.managerEmail,
    routed: x.routed,
    updated_by: x.updatedByName,
    updated_at: x.updatedAt.toISOString(),
    ...toApiRequestState(x),
  };
}
