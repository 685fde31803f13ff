import { describe, expect, it, vi } from "vitest";

const ended = vi.hoisted(() => ({ reasons: [] as (string | undefined)[] }));
vi.mock("@/lib/auth/session-ended", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/auth/session-ended")>()),
  sessionEnded: (reason?: string) => {
    ended.reasons.push(reason);
    return new Promise<never>(() => {});
  },
}));

import { callAction } from "./client";

describe("callAction", () => {
  it("passes an action's result on, success or refusal", async () => {
    expect(await callAction(Promise.resolve({ ok: true as const, data: 7, message: "Saved" }))).toEqual({
      ok: true,
      data: 7,
      message: "Saved",
    });
    const refused = { ok: false as const, status: 422, message: "The name is required.", fieldErrors: { name: ["x"] } };
    expect(await callAction(Promise.resolve(refused))).toEqual(refused);
  });

  it("turns a call that could not be posted into the old portal's message, never a throw", async () => {
    expect(await callAction(Promise.reject(new TypeError("Failed to fetch")))).toEqual({
      ok: false,
      status: 0,
      message: "Remote server can not be reachable",
    });
  });

  it("sends a call that found the session gone to sign-in, with its reason, instead of returning", async () => {
    const call = callAction(
      Promise.resolve({
        ok: false as const,
        status: 401,
        message: "x",
        sessionEnded: true as const,
        reason: "AccessChanged" as const,
      }),
    );
    const settled = await Promise.race([
      call.then(() => "returned"),
      new Promise((r) => setTimeout(() => r("pending"), 20)),
    ]);
    expect(settled).toBe("pending");
    expect(ended.reasons).toEqual(["AccessChanged"]);
  });

  it("returns a call that found the database unavailable (503) as 'try again', never as session-ended", async () => {
    ended.reasons.length = 0;
    const unavailable = {
      ok: false as const,
      status: 503,
      message: "The database is not available right now. Please try again in a moment.",
    };
    expect(await callAction(Promise.resolve(unavailable))).toEqual(unavailable);
    expect(ended.reasons).toEqual([]);
  });
});
