import { describe, expect, it } from "vitest";
import { publicRequestUrl } from "./public-url";

const h = (init: Record<string, string> = {}) => new Headers(init);

describe("publicRequestUrl", () => {
  it("puts AUTH_URL's origin on the request, whatever host Next gave it", () => {
    const url = publicRequestUrl(
      "http://localhost:4861/api/auth/callback/oidc?code=x",
      h({ host: "127.0.0.1:4861" }),
      "http://127.0.0.1:4861",
    );
    expect(url.href).toBe("http://127.0.0.1:4861/api/auth/callback/oidc?code=x");
  });

  it("keeps https from AUTH_URL behind a proxy that terminates TLS", () => {
    const url = publicRequestUrl(
      "http://localhost:3000/api/auth/callback/oidc",
      h({ host: "10.0.0.5:3000" }),
      "https://portal.example.com",
    );
    expect(url.href).toBe("https://portal.example.com/api/auth/callback/oidc");
  });

  it("without AUTH_URL, follows the forwarded host and protocol", () => {
    const url = publicRequestUrl(
      "http://localhost:3000/api/auth/session",
      h({ host: "10.0.0.5:3000", "x-forwarded-host": "portal.example.com", "x-forwarded-proto": "https" }),
      undefined,
    );
    expect(url.href).toBe("https://portal.example.com/api/auth/session");
  });

  it("without AUTH_URL or forwarding headers, the Host header (not Next's localhost)", () => {
    const url = publicRequestUrl("http://localhost:3000/api/auth/session", h({ host: "127.0.0.1:3000" }), undefined);
    expect(url.href).toBe("http://127.0.0.1:3000/api/auth/session");
  });
});
