import { describe, expect, it } from "vitest";
import { requestIdFrom } from "./index";

describe("requestIdFrom", () => {
  it("keeps a well-formed x-request-id from the proxy", () => {
    expect(requestIdFrom(new Headers({ "x-request-id": "abc-123_x.y" }))).toBe("abc-123_x.y");
  });

  it.each([
    ["too long", "a".repeat(65)],
    ["quotes and braces", 'x"{"level":60}'],
    ["spaces", "a b"],
  ])("replaces one that is %s", (_l, value) => {
    expect(requestIdFrom(new Headers({ "x-request-id": value }))).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("makes a fresh one per request when there is none", () => {
    const a = requestIdFrom(new Headers());
    expect(a).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdFrom(new Headers())).not.toBe(a);
  });
});
