import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { LoginPage } from "./pages/login-page";
import { BASE_URL, FIRST_MENU, PASSWORD, storageStateOf } from "./support/env";

/** Collects Content-Security-Policy violations the page reports (scripts refused by the policy). */
async function watchCsp(page: Page) {
  await page.addInitScript(() => {
    (window as unknown as { __csp: string[] }).__csp = [];
    document.addEventListener("securitypolicyviolation", (e) =>
      (window as unknown as { __csp: string[] }).__csp.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  return () => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
}

test.describe("headers and cross-site requests against the production build", () => {
  test("the sign-in page runs its scripts under a nonce policy without 'unsafe-inline', and signing in works", async ({
    page,
  }) => {
    const violations = await watchCsp(page);
    const login = new LoginPage(page);
    const res = await page.goto("/login");
    const csp = res!.headers()["content-security-policy"];
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("form-action 'self'");
    // The browser's own validation messages come from the hydrated form (scripts ran).
    await login.submit.click();
    await expect(page.getByText("Username Required")).toBeVisible();
    await login.signIn("staff", PASSWORD);
    await expect(page).toHaveURL(new RegExp(`/${FIRST_MENU.slug}$`));
    expect(await violations()).toEqual([]);
  });

  test("/login?error= shows only known codes' texts; callbackUrl to another host is not followed", async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto(
      "?error=" +
        encodeURIComponent("Your account was hacked, call +1 555 0100") +
        "&callbackUrl=%2F%5Cexample.org%2Fphish",
    );
    await expect(login.alert).toHaveText("Sign-in failed. Please try again.");
    await login.signIn("manager", PASSWORD);
    await expect(page).toHaveURL(`${BASE_URL}/${FIRST_MENU.slug}`); // the portal's own origin
    await expect(page).not.toHaveURL(/example\.org/);
  });

  test("server actions from another origin, with a null or malformed Origin, or oversize: 4xx, never 500", async ({
    request,
  }) => {
    const post = (headers: Record<string, string>, data: string = "[]") =>
      request.post("/login", {
        headers: {
          "next-action": "0000000000000000000000000000000000000000",
          "content-type": "text/plain;charset=UTF-8",
          ...headers,
        },
        data,
        maxRedirects: 0,
      });
    for (const origin of ["https://evil.example", "null", "http://"]) {
      expect((await post({ origin })).status(), origin).toBe(403);
    }
    const base = new URL(test.info().project.use.baseURL!).origin;
    expect((await post({ origin: base }, "x".repeat(2 * 1024 * 1024))).status()).toBe(413);
  });

  test("an unknown or foreign server action id is a 404; TRACE and methods a route does not offer are a 405, never 500", async ({
    request,
  }) => {
    const base = new URL(test.info().project.use.baseURL!).origin;
    for (const id of ["7f00000000000000000000000000000000000000aa", "abc"]) {
      const res = await request.post("/login", {
        headers: { "next-action": id, origin: base, "content-type": "text/plain;charset=UTF-8" },
        data: "[]",
        maxRedirects: 0,
      });
      expect(res.status(), id).toBe(404);
    }
    for (const path of [
      "/login",
      `/${FIRST_MENU.slug}`,
      "/api/v1/get_first_menu",
      "/api/health",
      "/api/zip",
      "/api/files/x",
    ]) {
      expect((await request.fetch(path, { method: "TRACE", maxRedirects: 0 })).status(), `TRACE ${path}`).toBe(405);
    }
    for (const method of ["PUT", "DELETE", "PATCH", "OPTIONS"]) {
      const res = await request.fetch("/login", { method, maxRedirects: 0 });
      expect(res.status(), `${method} /login`).toBe(405);
      expect(res.headers()["allow"]).toBe("GET, HEAD, POST");
    }
    expect((await request.fetch("/api/v1/get_first_menu", { method: "PUT" })).status()).toBe(405);
  });

  test("a real server action posted to a page that does not hold it is a clean 404", async ({ request }) => {
    // The ids of this build's actions, as the running server has them.
    const manifest = JSON.parse(
      fs.readFileSync(path.join(process.cwd(), ".next/server/server-reference-manifest.json"), "utf8"),
    ) as { node: Record<string, { exportedName?: string }> };
    const idOf = (name: string) => Object.entries(manifest.node).find(([, e]) => e.exportedName === name)![0];
    const base = new URL(test.info().project.use.baseURL!).origin;
    const post = (id: string, page: string) =>
      request.post(page, {
        headers: { "next-action": id, origin: base, "content-type": "text/plain;charset=UTF-8" },
        data: "[]",
        maxRedirects: 0,
      });
    for (const [action, page] of [
      ["updateProfileAction", "/login"],
      ["updateProfileAction", "/my/requests"],
      ["updateProfileAction", `/${FIRST_MENU.slug}`],
      ["loginAction", `/${FIRST_MENU.slug}`],
    ]) {
      const res = await post(idOf(action), page);
      expect(res.status(), `${action} on ${page}`).toBe(404);
      expect(res.headers()["x-nextjs-action-not-found"]).toBe("1");
    }
    // On its own page the action answers (a refused sign-in here, not a 404).
    const own = await post(idOf("loginAction"), "/login");
    expect(own.status()).toBe(200);
  });

  test.describe("signed in", () => {
    test.use({ storageState: storageStateOf("staff") });

    test("a signed-in visitor of /login goes only to a path of the portal", async ({ page }) => {
      for (const callbackUrl of [
        "%2F..%2F%2Fexample.org%2Fphish",
        "/a/..//evil.example/x",
        "/%2e%2e//evil.example",
        "/%5C%5Cevil.example",
      ]) {
        const res = await page.request.get(`/login?callbackUrl=${callbackUrl}`, { maxRedirects: 0 });
        expect(res.status(), callbackUrl).toBe(307);
        const location = res.headers()["location"];
        expect(location, callbackUrl).toMatch(/^\/(?![/\\])/);
        expect(new URL(location, BASE_URL).origin).toBe(BASE_URL);
      }
      const res = await page.request.get(`/login?callbackUrl=${encodeURIComponent("/search?q=a#x")}`, {
        maxRedirects: 0,
      });
      expect(res.headers()["location"]).toBe("/search?q=a#x");
    });

    test("the v1 API refuses a cross-site form post made with the session cookie", async ({ request }) => {
      const res = await request.post("/api/v1/store_post", {
        headers: { origin: "http://evil.localhost", "content-type": "application/x-www-form-urlencoded" },
        data: "slug=company-news&title=CSRF",
      });
      expect(res.status()).toBe(403);
      expect(await res.json()).toMatchObject({ code: 403, status: "error" });
    });

    test("a portal page hydrates under the policy", async ({ page }) => {
      const violations = await watchCsp(page);
      await page.goto(`/${FIRST_MENU.slug}`);
      await expect(page.getByRole("heading", { name: FIRST_MENU.title })).toBeVisible();
      await page.waitForLoadState("networkidle");
      expect(await violations()).toEqual([]);
    });
  });
});
