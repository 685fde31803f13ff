import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe("config", () => {
  it("has the documented defaults", async () => {
    vi.stubEnv("PORT", undefined as never);
    vi.stubEnv("DATA_DIR", undefined as never);
    vi.stubEnv("DATABASE_URL", "");
    vi.stubEnv("SEED_PASSWORD", "");
    const { config } = await import("./config");
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.resolve(".data"));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.seedPassword).toBe("demo1234");
  });

  it("turns SSO on only when both the issuer and the client id are set", async () => {
    const { config } = await import("./config");
    vi.stubEnv("AUTH_OIDC_ISSUER", "https://sso.example.com");
    vi.stubEnv("AUTH_OIDC_CLIENT_ID", "");
    expect(config.oidc).toBeNull();
    vi.stubEnv("AUTH_OIDC_CLIENT_ID", "portal");
    expect(config.oidc).toEqual({
      issuer: "https://sso.example.com",
      clientId: "portal",
      clientSecret: expect.any(String),
    });
  });
});

describe("getAuthSecret", () => {
  it("uses AUTH_SECRET when set", async () => {
    vi.stubEnv("AUTH_SECRET", "from-the-environment");
    const { getAuthSecret } = await import("./config");
    expect(getAuthSecret()).toBe("from-the-environment");
  });

  it("otherwise generates one once, keeps it in DATA_DIR (mode 600) and reuses it after a restart", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-secret-"));
    try {
      vi.stubEnv("AUTH_SECRET", "");
      vi.stubEnv("DATA_DIR", dir);
      const first = (await import("./config")).getAuthSecret();
      expect(first.length).toBeGreaterThanOrEqual(32);
      const file = path.join(dir, "auth-secret");
      expect(fs.readFileSync(file, "utf8")).toBe(first);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      vi.resetModules(); // a new process
      expect((await import("./config")).getAuthSecret()).toBe(first);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
