import { describe, expect, it } from "vitest";
import { demoLoginsNotice } from "./bootstrap";

describe("the first start's demo logins name the portal's public address", () => {
  it("APP_URL, not the instance's own port", () => {
    const notice = demoLoginsNotice({ APP_URL: "https://portal.example.com", PORT: "3101" });
    expect(notice).toContain("Sign in at https://portal.example.com/login with:");
    expect(notice).not.toContain("3101");
    expect(notice).toMatch(/admin +\/ \S+ +\(role 1\)/);
  });

  it("AUTH_URL when APP_URL is not set", () => {
    expect(demoLoginsNotice({ AUTH_URL: "https://intranet.example.com/", PORT: "3101" })).toContain(
      "Sign in at https://intranet.example.com/login",
    );
  });

  it("without either, this machine's port", () => {
    expect(demoLoginsNotice({ PORT: "3101" })).toContain("Sign in at http://localhost:3101/login");
  });
});
