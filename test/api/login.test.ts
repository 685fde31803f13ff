import { describe, expect, it } from "vitest";
import { apiRequest, callRoute, setupTestDatabase } from "@/test/db";
import { POST as login } from "@/app/api/v1/login/route";
import { GET as firstMenu } from "@/app/api/v1/get_first_menu/route";
import { GET as menuDetails } from "@/app/api/v1/get_menu_details/route";

const t = setupTestDatabase();

describe("POST /api/v1/login", () => {
  it("gives an API token, the role and the first menu for the right password", async () => {
    const { status, json } = await callRoute(
      login,
      apiRequest("/api/v1/login", { method: "POST", body: { username: "admin", password: "demo1234" } }),
    );
    expect(status).toBe(200);
    expect(json).toMatchObject({
      code: 200,
      status: "success",
      content: { roles: { id: 1 }, menu: { slug: "company-news" } },
    });
    expect(json.content.api_token).toMatch(/^[A-Za-z0-9]{70}$/);
    const me = await callRoute(firstMenu, apiRequest("/api/v1/get_first_menu", { token: json.content.api_token }));
    expect(me.json).toMatchObject({ code: 200, content: { slug: "company-news" } });
    expect(t.db()).toBeTruthy();
  });

  it("refuses a wrong password with 401 and a clear message", async () => {
    const { status, json } = await callRoute(
      login,
      apiRequest("/api/v1/login", { method: "POST", body: { username: "admin", password: "nope" } }),
    );
    expect(status).toBe(401);
    expect(json).toEqual({ code: 401, status: "error", message: "Invalid username or password.", content: null });
  });

  it("answers 422 with field messages for a missing password", async () => {
    const { status, json } = await callRoute(
      login,
      apiRequest("/api/v1/login", { method: "POST", body: { username: "admin" } }),
    );
    expect(status).toBe(422);
    expect(json.content).toHaveProperty("password");
  });

  it("answers 404 for an unknown slug", async () => {
    const { json } = await callRoute(
      login,
      apiRequest("/api/v1/login", { method: "POST", body: { username: "staff", password: "demo1234" } }),
    );
    const res = await callRoute(
      menuDetails,
      apiRequest("/api/v1/get_menu_details?slug=nope", { token: json.content.api_token }),
    );
    expect(res.status).toBe(404);
  });
});
