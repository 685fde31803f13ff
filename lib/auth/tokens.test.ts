import { describe, expect, it } from "vitest";
import { hashToken, newSecretToken } from "./tokens";

describe("newSecretToken", () => {
  it("makes 70 alphanumeric characters, different each time", () => {
    const a = newSecretToken();
    const b = newSecretToken();
    expect(a).toMatch(/^[A-Za-z0-9]{70}$/);
    expect(a).not.toBe(b);
  });
  it("hashes to sha256 hex, never the token itself", () => {
    const t = newSecretToken();
    expect(hashToken(t)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(t)).not.toContain(t);
  });
});
