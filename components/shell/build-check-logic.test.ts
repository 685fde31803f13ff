import { describe, expect, it } from "vitest";
import { parseLastReload, RELOAD_COOLDOWN_MS, reportedBuild, shouldReload } from "./build-check-logic";

const now = 1_700_000_000_000;

describe("shouldReload", () => {
  it("reloads when the server reports another build", () => {
    expect(shouldReload({ current: "abc", reported: "def", lastReload: null, now })).toBe(true);
  });

  it("stays when the build is the same", () => {
    expect(shouldReload({ current: "abc", reported: "abc", lastReload: null, now })).toBe(false);
  });

  it.each([undefined, null, "", 42, { build: "x" }, "x".repeat(201)])(
    "ignores a missing or malformed answer (%j)",
    (reported) => {
      expect(shouldReload({ current: "abc", reported, lastReload: null, now })).toBe(false);
    },
  );

  it("never reloads in development", () => {
    expect(shouldReload({ current: "development", reported: "def", lastReload: null, now })).toBe(false);
    expect(shouldReload({ current: "abc", reported: "development", lastReload: null, now })).toBe(false);
  });

  it("does not loop: one reload per new build within the cool-down", () => {
    const lastReload = { build: "def", at: now - 1000 };
    expect(shouldReload({ current: "abc", reported: "def", lastReload, now })).toBe(false);
    expect(shouldReload({ current: "abc", reported: "def", lastReload, now: lastReload.at + RELOAD_COOLDOWN_MS })).toBe(
      true,
    );
    // A reload remembered for another build does not hold back this one
    expect(shouldReload({ current: "abc", reported: "ghi", lastReload, now })).toBe(true);
  });
});

describe("reportedBuild", () => {
  it("reads build from the health answer", () => {
    expect(reportedBuild({ status: "ok", build: "b1" })).toBe("b1");
    expect(reportedBuild(null)).toBeUndefined();
    expect(reportedBuild("b1")).toBeUndefined();
  });
});

describe("parseLastReload", () => {
  it("parses what the check stored and tolerates garbage", () => {
    expect(parseLastReload(JSON.stringify({ build: "b", at: 5 }))).toEqual({ build: "b", at: 5 });
    expect(parseLastReload(null)).toBeNull();
    expect(parseLastReload("{not json")).toBeNull();
    expect(parseLastReload(JSON.stringify({ build: 1, at: "x" }))).toBeNull();
  });
});
