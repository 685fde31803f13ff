import { describe, expect, it } from "vitest";
import {
  APPROVERS_DO_NOT_EDIT,
  DECIDED_REQUEST_LOCKED,
  ONLY_ADMINS_MOVE,
  editRefusal,
  moveRefusal,
  withEditRights,
} from "./edit-rules";

const admin = { id: 1, roleId: 1 };
const approver = { id: 2, roleId: 2 };
const requester = { id: 3, roleId: 3 };
const refusal = (e: ReturnType<typeof editRefusal>) => (e ? { status: e.status, message: e.message } : null);

describe("who changes a request's content", () => {
  it("its requester while nobody has decided it (submitted, needs information); a decided one is a 409", () => {
    for (const status of ["submitted", "needs_info"] as const)
      expect(editRefusal(requester, { createdBy: 3, status })).toBeNull();
    for (const status of ["approved", "denied", "completed", "under_review", "accepted", "declined"] as const)
      expect(refusal(editRefusal(requester, { createdBy: 3, status }))).toEqual({
        status: 409,
        message: DECIDED_REQUEST_LOCKED,
      });
  });
  it("an approver (role 2) never edits someone else's request, open or decided (403)", () => {
    for (const status of ["submitted", "approved"] as const)
      expect(refusal(editRefusal(approver, { createdBy: 3, status }))).toEqual({
        status: 403,
        message: APPROVERS_DO_NOT_EDIT,
      });
    // Their own request is theirs to edit while open, as anyone's.
    expect(editRefusal(approver, { createdBy: 2, status: "submitted" })).toBeNull();
  });
  it("administrators change any request, decided or not", () => {
    expect(editRefusal(admin, { createdBy: 3, status: "approved" })).toBeNull();
    expect(editRefusal(admin, { createdBy: null, status: "implemented" })).toBeNull();
  });
  it("only an administrator moves a request to another location; the same location is no move", () => {
    expect(moveRefusal(admin, 1, 2)).toBeNull();
    expect(moveRefusal(requester, 1, 1)).toBeNull();
    for (const who of [requester, approver])
      expect(moveRefusal(who, 1, 2)).toMatchObject({ status: 403, message: ONLY_ADMINS_MOVE });
  });
  it("a list's rows carry the viewer's edit right: an approver's list offers Edit on none of another person's rows", () => {
    const rows = [
      { id: 1, createdBy: 3, status: "submitted" as const },
      { id: 2, createdBy: 3, status: "approved" as const },
      { id: 3, createdBy: 2, status: "submitted" as const },
    ];
    expect(withEditRights(rows, approver).map((r) => r.mayEdit)).toEqual([false, false, true]);
    expect(withEditRights(rows, requester).map((r) => r.mayEdit)).toEqual([true, false, false]);
    expect(withEditRights(rows, admin).map((r) => r.mayEdit)).toEqual([true, true, true]);
  });
});
