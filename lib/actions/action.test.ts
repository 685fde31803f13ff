import { beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import type { SessionUser } from "@/lib/auth/session";

const current = vi.hoisted(() => ({ user: null as SessionUser | null }));
// createAction reads the request headers (its origin check): an empty request here.
vi.mock("next/headers", () => import("@/test/mock-next-headers"));
vi.mock("@/lib/auth/guards", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/auth/guards")>()),
  getCurrentUser: async () => current.user,
}));

const { createAction } = await import("./action");
const { AppError } = await import("@/lib/errors");

const as = (roleId: number, permissions: string[] = []) =>
  ({ id: 9, roleId, permissions, username: "u" }) as unknown as SessionUser;
const schema = z.object({ title: z.string().trim().min(1, "Title Required"), n: z.coerce.number().optional() });

beforeEach(() => {
  current.user = null;
});

describe("createAction", () => {
  const handler = vi.fn(async (input: z.infer<typeof schema>, user: SessionUser) => ({
    title: input.title,
    by: user.roleId,
  }));
  const action = createAction({ capability: "manageContent" }, schema, handler);

  beforeEach(() => {
    handler.mockClear();
  });

  it("records its access declaration (the access test reads it)", () => {
    expect(action.access).toEqual({ capability: "manageContent" });
  });

  it("401 signed out, 403 for a role without the capability; the handler never runs", async () => {
    expect(await action({ title: "x" })).toEqual({
      ok: false,
      status: 401,
      message: "Unauthenticated. Please sign in again.",
      sessionEnded: true,
      reason: "SessionEnded",
    });
    current.user = as(2);
    expect(await action({ title: "x" })).toEqual({
      ok: false,
      status: 403,
      message: "You don't have permission to access this page.",
      fieldErrors: undefined,
    });
    expect(handler).not.toHaveBeenCalled();
  });

  it("marks only a missing session as ended: a public action's own 401 (a wrong password) is a plain failure", async () => {
    const login = createAction({ public: true }, schema, async () => {
      throw new AppError(401, "Invalid username or password.");
    });
    const res = await login({ title: "x" });
    expect(res).toMatchObject({ ok: false, status: 401, message: "Invalid username or password." });
    expect(res).not.toHaveProperty("sessionEnded");
  });

  it("checks access before validating input", async () => {
    expect(await action({ title: "" })).toMatchObject({ ok: false, status: 401 });
  });

  it("re-parses the input with the form's schema: 422 with field messages", async () => {
    current.user = as(1);
    expect(await action({ title: "   " })).toEqual({
      ok: false,
      status: 422,
      message: "Title Required",
      fieldErrors: { title: ["Title Required"] },
    });
  });

  it("returns { ok: true, data } with the parsed input", async () => {
    current.user = as(1);
    expect(await action({ title: "  Hello " })).toEqual({ ok: true, data: { title: "Hello", by: 1 } });
  });

  it("reads FormData, skipping Next's $ACTION fields and collecting repeated keys", async () => {
    current.user = as(1);
    const seen = vi.fn(async (input: unknown) => input);
    const a = createAction({}, z.object({ title: z.string(), tag: z.array(z.string()), n: z.coerce.number() }), seen);
    const fd = new FormData();
    fd.append("$ACTION_ID_abc", "");
    fd.append("title", "T");
    fd.append("tag", "a");
    fd.append("tag", "b");
    fd.append("n", "4");
    expect(await a(fd as never)).toEqual({ ok: true, data: { title: "T", tag: ["a", "b"], n: 4 } });
  });

  it("passes through an ActionResult the handler returns", async () => {
    current.user = as(3);
    const a = createAction({}, z.object({}), async () => ({
      ok: false as const,
      status: 409,
      message: "Already there.",
    }));
    expect(await a({})).toEqual({ ok: false, status: 409, message: "Already there." });
  });

  it("turns an AppError into its status and message", async () => {
    current.user = as(3);
    const a = createAction({}, z.object({}), async () => {
      throw new AppError(404, "Not here.");
    });
    expect(await a({})).toMatchObject({ ok: false, status: 404, message: "Not here." });
  });

  it("answers an unexpected error without its detail", async () => {
    current.user = as(3);
    const a = createAction({}, z.object({}), async () => {
      throw new Error("secret detail");
    });
    expect(await a({})).toEqual({ ok: false, status: 500, message: "Something went wrong. Please try again." });
  });

  it("lets Next's redirect() and notFound() through", async () => {
    current.user = as(3);
    const { redirect } = await import("next/navigation");
    const a = createAction({}, z.object({}), async () => redirect("/somewhere"));
    await expect(a({})).rejects.toMatchObject({ digest: expect.stringContaining("NEXT_REDIRECT") });
  });

  it("a public action runs for anonymous callers with user null", async () => {
    const a = createAction({ public: true }, z.object({}), async (_input, user) => ({ user }));
    expect(await a({})).toEqual({ ok: true, data: { user: null } });
  });

  it("a permission action refuses a user without it, whatever the role", async () => {
    const a = createAction({ permission: "access_form_email_manager" }, z.object({}), async () => 1);
    current.user = as(1);
    expect(await a({})).toMatchObject({ ok: false, status: 403 });
    current.user = as(3, ["access_form_email_manager"]);
    expect(await a({})).toEqual({ ok: true, data: 1 });
  });
});
