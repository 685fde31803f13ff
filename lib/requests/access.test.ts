import { describe, expect, it, vi } from "vitest";

vi.mock("server-only", () => ({}));
const { decideRefusal, NOT_AN_APPROVER, OWN_REQUEST_REFUSED } = await import("./access");

describe("who decides a request", () => {
  it("administrators decide every request but their own", () => {
    expect(decideRefusal({ id: 1, roleId: 1 }, { createdBy: 5 }, false)).toBeNull();
    expect(decideRefusal({ id: 1, roleId: 1 }, { createdBy: 1 }, true)).toBe(OWN_REQUEST_REFUSED);
  });
  it("a role-2 user only requests the mapping names them an approver of, never their own", () => {
    expect(decideRefusal({ id: 2, roleId: 2 }, { createdBy: 5 }, true)).toBeNull();
    expect(decideRefusal({ id: 2, roleId: 2 }, { createdBy: 5 }, false)).toBe(NOT_AN_APPROVER);
    expect(decideRefusal({ id: 2, roleId: 2 }, { createdBy: 2 }, true)).toBe(OWN_REQUEST_REFUSED);
  });
  it("staff decide nothing, even where a mapping names them", () => {
    expect(decideRefusal({ id: 3, roleId: 3 }, { createdBy: 5 }, true)).not.toBeNull();
  });
});
