import { expect, type BrowserContext } from "@playwright/test";
import { JSON_HEADERS } from "./env";

/**
 * The administrator maps RO reversals at Valley Trucks with the manager as their approver (a mapping already there
 * from an earlier journey is kept). Returns the location's id.
 */
export async function mapRoReversalsToManager(admin: BrowserContext, manager: BrowserContext): Promise<number> {
  const managerId = (await (await manager.request.get("/api/v1/getuserdata")).json()).content.user_obj.id as number;
  const locations = (await (await admin.request.get("/api/v1/getdepartmentlocationswohtml?department_id=5")).json())
    .content.locations as { id: number; name: string }[];
  const valley = locations.find((l) => l.name === "Valley Trucks")!;
  const mapped = await admin.request.post("/api/v1/form/mapper/add/update", {
    headers: JSON_HEADERS,
    data: { form_id: 1, location: String(valley.id), to_email: "valley@example.com", approvers: String(managerId) },
  });
  const mappedText = await mapped.text();
  expect(mapped.ok() || mappedText.includes("already mapped"), mappedText).toBeTruthy();
  return valley.id;
}

/** `staff` submit an RO reversal for `name` at `location` through v1. Returns its id. */
export async function submitRoReversal(
  staff: BrowserContext,
  { name, location, ra }: { name: string; location: number; ra: string },
): Promise<number> {
  const res = await staff.request.post("/api/v1/ro-reversal-request/add/update", {
    headers: JSON_HEADERS,
    data: {
      empolyee_name: name,
      date_of_request: "11/20/2026",
      full_ra: ra,
      date_ra_was_originally_closed: "2026-11-01",
      pay_type: "Customer Pay",
      location,
      reason: "Wrong labour line",
    },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()).content.id as number;
}
