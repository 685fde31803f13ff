/**
 * The people calls beyond the list (docs/features/users.md): Edit User (getregisteruser, changeprofile for another
 * user), Edit Profile (changeprofile, uploadmedia), Change Password, the e-mail notification (sendemail,
 * delivered by a real SMTP server on loopback, attachment included), the HR order (gethrimages,
 * changepositionhr), and user/permission, getuserdata, getmenulistdata. Against the real database.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { and, eq, isNull } from "drizzle-orm";

vi.mock("next/headers", () => import("@/test/mock-next-headers"));

import { apiRequest, callRoute, setupTestDatabase, tokenFor } from "@/test/db";
import { expectErrorEnvelope, sessionFor, userIdOf } from "@/test/auth";
import { PDF, PNG_1X1, uploadRequest, setupTempStorage } from "@/test/files/helpers";
import { schema } from "@/lib/db";
import { resolveToken } from "@/lib/auth/session";
import { createMailTransport, type MailTransport } from "@/lib/mail/transport";
import { deliverDue } from "@/lib/mail/sender";
import { PEOPLE_MESSAGES as M } from "@/lib/users/schemas";
import { POST as getregisteruser } from "@/app/api/v1/getregisteruser/[id]/route";
import { POST as changeprofile } from "@/app/api/v1/changeprofile/route";
import { POST as changepassword } from "@/app/api/v1/changepassword/route";
import { POST as sendemail } from "@/app/api/v1/sendemail/route";
import { GET as gethrimages } from "@/app/api/v1/gethrimages/route";
import { POST as changepositionhr } from "@/app/api/v1/changepositionhr/route";
import { POST as userPermission } from "@/app/api/v1/user/permission/route";
import { GET as getuserdata } from "@/app/api/v1/getuserdata/route";
import { GET as getmenulistdata } from "@/app/api/v1/getmenulistdata/route";
import { POST as deleteuser } from "@/app/api/v1/deleteuser/route";
import { POST as uploadmedia } from "@/app/api/v1/uploadmedia/route";
import { storeDocument } from "@/lib/files/api";
import { startTestSmtp, type TestSmtp } from "@/test/mail/smtp";
import { createFeedToken } from "@/lib/calendar/mutations";
import { getFeedByTokenHash } from "@/lib/calendar/queries";
import { hashToken } from "@/lib/auth/tokens";

const t = setupTestDatabase();
const storage = setupTempStorage();
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};

type Handler = Parameters<typeof callRoute>[0];
const post = (
  handler: Handler,
  path: string,
  token: string | undefined,
  body: unknown = {},
  params: Record<string, string> = {},
) => callRoute(handler, apiRequest(path, { method: "POST", token, body }), params);
const get = (handler: Handler, path: string, token: string | undefined) =>
  callRoute(handler, apiRequest(path, { token }));
const editUser = (body: Record<string, unknown>, token = tokens.admin) =>
  post(changeprofile, "/api/v1/changeprofile", token, { id: ids.staff, role_id: 3, ...body });
const liveFeeds = async (userId: number) =>
  (
    await t
      .db()
      .select({ id: schema.calendarFeedTokens.id })
      .from(schema.calendarFeedTokens)
      .where(and(eq(schema.calendarFeedTokens.userId, userId), isNull(schema.calendarFeedTokens.revokedAt)))
  ).length;
const liveTokens = async (userId: number) =>
  (
    await t
      .db()
      .select({ id: schema.apiTokens.id })
      .from(schema.apiTokens)
      .where(and(eq(schema.apiTokens.userId, userId), isNull(schema.apiTokens.revokedAt)))
  ).length;

beforeAll(async () => {
  for (const name of ["admin", "manager", "staff"]) {
    tokens[name] = await tokenFor(t.db(), name);
    ids[name] = await userIdOf(t.db(), name);
  }
});

describe("who may call", () => {
  const adminOnly = [
    [
      "getregisteruser",
      () => post(getregisteruser, "/api/v1/getregisteruser/1", tokens.staff, {}, { id: String(ids.admin) }),
    ],
    ["changeprofile of another user", () => editUser({ id: ids.admin }, tokens.staff)],
    [
      "sendemail",
      () =>
        post(sendemail, "/api/v1/sendemail", tokens.staff, { subject: "Hi", message: "Hello", users_arr: [ids.staff] }),
    ],
    ["gethrimages", () => get(gethrimages, "/api/v1/gethrimages", tokens.staff)],
    [
      "changepositionhr",
      () => post(changepositionhr, "/api/v1/changepositionhr", tokens.staff, { imageList: [ids.staff] }),
    ],
    ["deleteuser", () => post(deleteuser, "/api/v1/deleteuser", tokens.staff, { deleteArr: [ids.manager] })],
  ] as const;
  it.each(adminOnly)("%s: a staff user gets 403 in the envelope", async (_name, call) => {
    expectErrorEnvelope(await call(), 403);
  });

  it("the manager (role 2) is refused the administrators' calls too", async () => {
    expectErrorEnvelope(
      await post(getregisteruser, "/api/v1/getregisteruser/1", tokens.manager, {}, { id: String(ids.staff) }),
      403,
    );
    expectErrorEnvelope(await get(gethrimages, "/api/v1/gethrimages", tokens.manager), 403);
  });

  it("every signed-in user reads their own data: user/permission, getuserdata, getmenulistdata", async () => {
    const perm = await post(userPermission, "/api/v1/user/permission", tokens.staff);
    expect(perm.status).toBe(200);
    expect(perm.json.content).toMatchObject({ roles: { id: 3, system_id: 3 }, permissions: [] });
    expect(perm.json.content.system_year).toBeGreaterThan(2000);
    const adminPerm = await post(userPermission, "/api/v1/user/permission", tokens.admin);
    expect(adminPerm.json.content.permissions.map((p: { name: string }) => p.name)).toContain(
      "access_form_email_manager",
    );

    const me = await get(getuserdata, "/api/v1/getuserdata", tokens.staff);
    expect(me.status).toBe(200);
    expect(me.json.content.user_obj).toMatchObject({ id: ids.staff, username: "staff", role: { system_id: 3 } });
    expect(Object.keys(me.json.content).sort()).toEqual(["app_year", "permissions", "roles", "user_obj"]);

    const menus = await get(getmenulistdata, "/api/v1/getmenulistdata", tokens.staff);
    expect(menus.status).toBe(200);
    expect(menus.json.content.length).toBeGreaterThan(0);
    expect(menus.json.content[0]).toHaveProperty("slug");
  });

  it("signed out: 401", async () => {
    expectErrorEnvelope(await post(changepassword, "/api/v1/changepassword", undefined, {}), 401);
    expectErrorEnvelope(await get(getuserdata, "/api/v1/getuserdata", undefined), 401);
  });
});

describe("getregisteruser/{id}", () => {
  it("answers the user with the payload names and permissions", async () => {
    const res = await post(getregisteruser, "/api/v1/getregisteruser", tokens.admin, {}, { id: String(ids.admin) });
    expect(res.status).toBe(200);
    expect(res.json.content).toMatchObject({ id: ids.admin, username: "admin", role_id: 1, role: { system_id: 1 } });
    expect(res.json.content.permissions.length).toBe(3);
  });

  it("getregisteruser/1%00 is a 404, never user 1; answers are private, no-store", async () => {
    const res = await post(
      getregisteruser,
      "/api/v1/getregisteruser/1%00",
      tokens.admin,
      {},
      { id: `${ids.admin}\u0000` },
    );
    expectErrorEnvelope(res, 404);
    expect(JSON.stringify(res.json)).not.toContain("admin");
    const raw = await getregisteruser(
      apiRequest("/api/v1/getregisteruser", { method: "POST", token: tokens.admin, body: {} }),
      { params: Promise.resolve({ id: String(ids.admin) }) },
    );
    expect(raw.status).toBe(200);
    expect(raw.headers.get("cache-control")).toBe("private, no-store");
  });

  it.each(["999999", "0", "abc", "-1", "99999999999"])(
    "id %s: 400 'Sorry, User is not registered in the System'",
    async (id) => {
      const res = await post(getregisteruser, "/api/v1/getregisteruser", tokens.admin, {}, { id });
      expectErrorEnvelope(res, 400);
      expect(res.json.message).toBe(M.notRegistered);
    },
  );
});

describe("Edit User (changeprofile with another user's id)", () => {
  it.each([
    [{ role_id: 0 }, M.roleRequired],
    [{ role_id: "" }, M.roleRequired],
    [{ role_id: 99 }, M.roleUnknown],
    [{ permission_id: [999999] }, M.permissionUnknown],
    [{ state: 999999 }, M.stateUnknown],
    [{ phone: "123456789" }, M.phoneMin],
    [{ phone: "12345678901234" }, M.phoneMax],
    [{ phone: "555-CALL-NOW" }, M.phoneNumeric],
  ])("%j is refused with '%s' and nothing changes", async (body, message) => {
    const before = (await t.db().select().from(schema.users).where(eq(schema.users.id, ids.staff)))[0];
    const res = await editUser(body);
    expectErrorEnvelope(res, 422);
    expect(res.json.message).toBe(message);
    const after = (await t.db().select().from(schema.users).where(eq(schema.users.id, ids.staff)))[0];
    expect(after).toEqual(before);
  });

  it("saves role, state, location, department, phone and permissions; ends that user's sessions; writes the audit log", async () => {
    const staffSession = await tokenFor(t.db(), "staff");
    await createFeedToken(ids.staff, null);
    await createFeedToken(ids.staff, null);
    expect(await liveFeeds(ids.staff)).toBe(2);
    const [state] = await t.db().select().from(schema.states).limit(1);
    const [location] = await t.db().select().from(schema.locations).limit(1);
    const [perm] = await t
      .db()
      .select()
      .from(schema.permissions)
      .where(eq(schema.permissions.name, "access_form_email_manager"));
    const res = await editUser({
      role_id: 2,
      state: state.id,
      location_id: location.id,
      department: 5,
      phone: "(555) 123-4567",
      permission_id: [perm.id],
    });
    expect(res.status).toBe(200);
    expect(res.json.message).toBe(M.userUpdated);
    const [row] = await t.db().select().from(schema.users).where(eq(schema.users.id, ids.staff));
    expect(row).toMatchObject({
      roleId: 2,
      stateId: state.id,
      locationId: location.id,
      departmentId: 5,
      phone: "5551234567",
    });
    expect(await resolveToken(staffSession)).toBeNull();
    expect(await liveTokens(ids.staff)).toBe(0);
    // The role change reset their calendar subscription links (docs/security.md).
    expect(await liveFeeds(ids.staff)).toBe(0);
    const [audit] = await t
      .db()
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.action, "user.update"), eq(schema.auditLog.entityId, String(ids.staff))));
    expect(audit.actorId).toBe(ids.admin);
    expect(audit.after).toMatchObject({ roleId: 2, permissionIds: [perm.id] });

    // A change of the phone only leaves their sessions and links alone.
    const again = await tokenFor(t.db(), "staff");
    await createFeedToken(ids.staff, null);
    expect(
      (
        await editUser({
          role_id: 2,
          state: state.id,
          location_id: location.id,
          department: 5,
          phone: "5559876543",
          permission_id: [perm.id],
        })
      ).status,
    ).toBe(200);
    expect(await resolveToken(again)).not.toBeNull();
    expect(await liveFeeds(ids.staff)).toBe(1);

    // Back to staff without permissions, for the other tests.
    expect((await editUser({ role_id: 3, permission_id: [] })).status).toBe(200);
    tokens.staff = await tokenFor(t.db(), "staff");
  });

  it("a department that is not the location's is refused (a location belongs to one department)", async () => {
    await t.db().insert(schema.departments).values({ id: 77, name: "Body Shops" }).onConflictDoNothing();
    const [location] = await t
      .db()
      .select()
      .from(schema.locations)
      .where(eq(schema.locations.departmentId, 5))
      .limit(1);
    const before = (await t.db().select().from(schema.users).where(eq(schema.users.id, ids.staff)))[0];
    const res = await editUser({ location_id: location.id, department: 77 });
    expectErrorEnvelope(res, 422);
    expect(res.json.message).toBe(M.departmentNotAtLocation);
    expect((await t.db().select().from(schema.users).where(eq(schema.users.id, ids.staff)))[0]).toEqual(before);
    // Without a location (cleared: a location left out is kept, docs/decisions.md), any existing department will do.
    expect((await editUser({ location_id: null, department: 77 })).status).toBe(200);
    expect((await editUser({ location_id: location.id, department: 5 })).status).toBe(200);
  });

  it("an administrator's own id is refused here (it is the profile's job); deleting oneself is refused", async () => {
    const res = await post(changeprofile, "/api/v1/changeprofile", tokens.admin, { id: ids.admin, role_id: 3 });
    // Own id: the profile path, where another role is refused (docs/decisions.md: kept by an administrator's Edit User).
    expectErrorEnvelope(res, 422);
    expect(res.json.message).toBe(M.keptByAdministrator("role"));
    expect((await t.db().select().from(schema.users).where(eq(schema.users.id, ids.admin)))[0].roleId).toBe(1);
    const del = await post(deleteuser, "/api/v1/deleteuser", tokens.admin, { deleteArr: [ids.admin] });
    expectErrorEnvelope(del, 422);
    expect((await t.db().select().from(schema.users).where(eq(schema.users.id, ids.admin)))[0].deletedAt).toBeNull();
  });
});

describe("Edit Profile (changeprofile, own)", () => {
  it("a staff user saves their editable items and a photo; names sent along are kept", async () => {
    const up = await callRoute(
      uploadmedia,
      uploadRequest("/api/v1/uploadmedia", { token: tokens.staff, parts: [{ name: "me.png", data: PNG_1X1 }] }),
    );
    expect(up.status).toBe(200);
    const res = await post(changeprofile, "/api/v1/changeprofile", tokens.staff, {
      first_name: "Mallory",
      last_name: "Hacker",
      email: "staff@example.com",
      post: "Service Advisor",
      team_designation: "Service",
      bio: "Twenty years with trucks.",
      quote: "Measure twice.",
      quote_name: "A carpenter",
      filePath: up.json.content,
    });
    expect(res.status).toBe(200);
    expect(res.json.message).toBe(M.profileChanged);
    expect(res.json.content.profile_image).toMatch(/^\/api\/files\//);
    const [row] = await t.db().select().from(schema.users).where(eq(schema.users.id, ids.staff));
    expect(row).toMatchObject({
      post: "Service Advisor",
      bio: "Twenty years with trucks.",
      profileImage: up.json.content,
    });
    expect(row.firstName).not.toBe("Mallory");
    const [file] = await t.db().select().from(schema.files).where(eq(schema.files.storageKey, up.json.content));
    expect(file.status).toBe("attached");

    // A second photo replaces the first, whose file is deleted.
    const up2 = await callRoute(
      uploadmedia,
      uploadRequest("/api/v1/uploadmedia", { token: tokens.staff, parts: [{ name: "me2.jpg", data: PNG_1X1 }] }),
    );
    expect(up2.status).toBe(200);
    expect(
      (await post(changeprofile, "/api/v1/changeprofile", tokens.staff, { filePath: up2.json.content })).status,
    ).toBe(200);
    expect(await t.db().select().from(schema.files).where(eq(schema.files.storageKey, up.json.content))).toHaveLength(
      0,
    );
  });

  it("another user's upload cannot become one's photo", async () => {
    const up = await callRoute(
      uploadmedia,
      uploadRequest("/api/v1/uploadmedia", { token: tokens.manager, parts: [{ name: "m.png", data: PNG_1X1 }] }),
    );
    const res = await post(changeprofile, "/api/v1/changeprofile", tokens.staff, { filePath: up.json.content });
    expectErrorEnvelope(res, 422);
  });

  it("a 191-character name, a bad e-mail and bad phones get the old portal's messages", async () => {
    const long = "x".repeat(191);
    const name = await post(changeprofile, "/api/v1/changeprofile", tokens.admin, {
      first_name: long,
      last_name: "Admin",
      email: "admin@example.com",
    });
    expectErrorEnvelope(name, 422);
    expect(name.json.message).toBe(M.nameTooLong);
    const email = await post(changeprofile, "/api/v1/changeprofile", tokens.admin, {
      first_name: "A",
      last_name: "B",
      email: "not-an-email",
    });
    expect(email.json.message).toBe(M.emailInvalid);
    const noFirst = await post(changeprofile, "/api/v1/changeprofile", tokens.admin, {
      first_name: "",
      last_name: "B",
      email: "admin@example.com",
    });
    expect(noFirst.json.message).toBe(M.firstNameRequired);
    for (const [phone, message] of [
      ["123456789", M.phoneMin],
      ["12345678901234", M.phoneMax],
      ["12345abcde", M.phoneNumeric],
    ]) {
      const res = await post(changeprofile, "/api/v1/changeprofile", tokens.staff, { phone });
      expect(res.json.message).toBe(message);
    }
  });

  it("a 9 MB or a .gif photo is refused by uploadmedia", async () => {
    const gif = Buffer.concat([Buffer.from("GIF89a"), Buffer.alloc(100)]);
    const res = await callRoute(
      uploadmedia,
      uploadRequest("/api/v1/uploadmedia", { token: tokens.staff, parts: [{ name: "me.gif", data: gif }] }),
    );
    expect(res.status).toBe(415);
    expect(res.json.message).toBe("Invalid File Type");
    const big = await callRoute(
      uploadmedia,
      uploadRequest("/api/v1/uploadmedia", {
        token: tokens.staff,
        parts: [{ name: "me.png", data: Buffer.concat([PNG_1X1, Buffer.alloc(9 * 1024 * 1024)]) }],
      }),
    );
    expect(big.status).toBe(413);
    expect(big.json.message).toMatch(/Max allowed file size is 8MB$/);
  });
});

describe("changepassword", () => {
  const pw = (token: string, body: Record<string, unknown>) =>
    post(changepassword, "/api/v1/changepassword", token, body);

  it.each([
    [{ oldPassword: "", newPassword: "secret1", confirmpassword: "secret1" }, M.oldPasswordRequired],
    [{ oldPassword: "x", newPassword: "", confirmpassword: "" }, M.newPasswordRequired],
    [{ oldPassword: "x", newPassword: "12345", confirmpassword: "12345" }, M.newPasswordShort],
    [{ oldPassword: "x", newPassword: "123456", confirmpassword: "" }, M.confirmRequired],
    [{ oldPassword: "x", newPassword: "123456", confirmpassword: "1234567" }, M.passwordMismatch],
    [{ oldPassword: "wrong-password", newPassword: "123456", confirmpassword: "123456" }, M.oldPasswordWrong],
  ])("%j: 422 '%s'", async (body, message) => {
    const res = await pw(tokens.manager, body);
    expectErrorEnvelope(res, 422);
    expect(res.json.message).toBe(message);
  });

  it("changes the password (bcrypt), keeps the session in use and ends the others and every calendar link", async () => {
    const other = await tokenFor(t.db(), "manager");
    const feed = await createFeedToken(ids.manager, null);
    expect(await getFeedByTokenHash({ tokenHash: hashToken(feed.token) })).not.toBeNull();
    const browser = await sessionFor(t.db(), "manager");
    const res = await pw(tokens.manager, {
      oldPassword: process.env.SEED_PASSWORD ?? "password",
      newPassword: "n3w-secret",
      confirmpassword: "n3w-secret",
    });
    if (res.status !== 200) throw new Error(JSON.stringify(res.json));
    expect(res.json.message).toBe(M.passwordChanged);
    const [row] = await t.db().select().from(schema.users).where(eq(schema.users.id, ids.manager));
    expect(row.passwordHash).toMatch(/^\$2[aby]\$10\$/);
    expect(await resolveToken(tokens.manager)).not.toBeNull();
    expect(await resolveToken(other)).toBeNull();
    expect(await resolveToken(browser.sid)).toBeNull();
    // The calendar link made before the change reads nothing any more (docs/security.md).
    expect(await getFeedByTokenHash({ tokenHash: hashToken(feed.token) })).toBeNull();
    expect(await liveFeeds(ids.manager)).toBe(0);
  });

  it("an SSO-only account is told to change it at the SSO", async () => {
    const [sso] = await t
      .db()
      .insert(schema.users)
      .values({ username: "sso-only", email: "sso@example.com", roleId: 3, oidcSubject: "sub-1" })
      .returning();
    const token = await tokenFor(t.db(), sso.username);
    const res = await pw(token, { oldPassword: "anything", newPassword: "123456", confirmpassword: "123456" });
    expectErrorEnvelope(res, 422);
    expect(res.json.message).toBe(M.ssoOnly);
  });
});

describe("sendemail", () => {
  let smtp: TestSmtp;
  let transport: MailTransport;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    transport = createMailTransport(`smtp://127.0.0.1:${smtp.port}`);
  });
  afterAll(async () => {
    transport?.close();
    await smtp?.stop();
  });
  beforeEach(async () => {
    await t.db().delete(schema.mailOutbox);
    smtp.received.length = 0;
  });
  const send = (body: Record<string, unknown>) => post(sendemail, "/api/v1/sendemail", tokens.admin, body);

  it.each([
    [{ message: "Hello" }, M.subjectRequired],
    [{ subject: "  ", message: "Hello" }, M.subjectRequired],
    [{ subject: "Hi" }, M.messageRequired],
  ])("%j: 422 '%s', nothing queued", async (body, message) => {
    const res = await send({ users_arr: [ids.staff], ...body });
    expectErrorEnvelope(res, 422);
    expect(res.json.message).toBe(message);
    expect(await t.db().select().from(schema.mailOutbox)).toHaveLength(0);
  });

  it("sends one mail per selected user, with the attachment, through the outbox", async () => {
    const up = await callRoute(
      storeDocument,
      uploadRequest("/api/v1/store_document?kind=attachment", {
        token: tokens.admin,
        parts: [{ name: "memo.pdf", data: PDF }],
      }),
    );
    expect(up.status).toBe(200);
    const res = await send({
      subject: "Open enrolment",
      message: "Please read the memo.",
      users_arr: [ids.staff, ids.manager],
      attachment: up.json.content,
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ message: M.emailSent, content: { queued: 2 } });
    expect((await deliverDue({ transport, from: "portal@example.com" })).sent).toBe(2);
    expect(
      smtp.received
        .map((m) => m.rcpt)
        .flat()
        .sort(),
    ).toEqual(["manager@example.com", "staff@example.com"]);
    for (const mail of smtp.received) {
      expect(mail.headers.subject).toBe("Open enrolment");
      expect(mail.headers.to).not.toContain(",");
      expect(mail.text.trim()).toBe("Please read the memo.");
      expect(mail.attachments).toHaveLength(1);
      expect(mail.attachments[0].fileName).toBe("memo.pdf");
      expect(mail.attachments[0].content.equals(PDF)).toBe(true);
    }
  });

  it("without a selection, every user matching the filters (form data with filters as JSON)", async () => {
    const res = await callRoute(
      sendemail,
      apiRequest("/api/v1/sendemail", {
        method: "POST",
        token: tokens.admin,
        body: { subject: "Admins only", message: "Hi", filters: JSON.stringify({ role_id: 1 }), send_email: "all" },
      }),
    );
    expect(res.status).toBe(200);
    expect(res.json.content.queued).toBe(1);
    const rows = await t.db().select().from(schema.mailOutbox);
    expect(rows.map((r) => r.toAddresses)).toEqual([["admin@example.com"]]);
  });

  describe("as the old portal's form data, the attachment a file of the request", () => {
    const form = (fields: Record<string, string>, parts: { name: string; data: Buffer }[] = [], token = tokens.admin) =>
      callRoute(
        sendemail,
        uploadRequest("/api/v1/sendemail", { token, parts: parts.map((p) => ({ field: "attachment", ...p })), fields }),
      );
    const fileRows = () =>
      t.db().select({ id: schema.files.id }).from(schema.files).where(eq(schema.files.originalName, "policy.pdf"));

    it("streams the file, then sends it with every mail", async () => {
      const res = await form(
        { subject: "New policy", message: "Attached.", users_arr: `${ids.staff},${ids.manager}`, send_email: "1" },
        [{ name: "policy.pdf", data: PDF }],
      );
      expect(res.status).toBe(200);
      expect(res.json.content).toEqual({ queued: 2 });
      const [file] = await t.db().select().from(schema.files).where(eq(schema.files.originalName, "policy.pdf"));
      expect(file.status).not.toBe("temporary");
      expect((await deliverDue({ transport, from: "portal@example.com" })).sent).toBe(2);
      expect(smtp.received).toHaveLength(2);
      for (const mail of smtp.received) {
        expect(mail.attachments.map((a) => a.fileName)).toEqual(["policy.pdf"]);
        expect(mail.attachments[0].content.equals(PDF)).toBe(true);
      }
    });

    it("without a file: the mail goes out without an attachment", async () => {
      const res = await form({ subject: "No file", message: "Just text.", users_arr: String(ids.staff) });
      expect(res.status).toBe(200);
      expect((await deliverDue({ transport, from: "portal@example.com" })).sent).toBe(1);
      expect(smtp.received[0].attachments).toHaveLength(0);
      expect(smtp.received[0].text.trim()).toBe("Just text.");
    });

    it.each([
      ["no subject", { message: "Hello", users_arr: "1" }, M.subjectRequired],
      ["no message", { subject: "Hi", users_arr: "1" }, M.messageRequired],
      ["a broken filter", { subject: "Hi", message: "Hello", filters: "{not json" }, "The filters are not valid."],
    ])(
      "%s: 422 with the message, the file removed (bytes and row), nothing queued",
      async (_label, fields, message) => {
        const before = { bytes: storage.files().length, rows: (await fileRows()).length };
        const res = await form(fields, [{ name: "policy.pdf", data: PDF }]);
        expectErrorEnvelope(res, 422);
        expect(res.json.message).toBe(message);
        expect(await fileRows()).toHaveLength(before.rows);
        expect(storage.files()).toHaveLength(before.bytes);
        expect(await t.db().select().from(schema.mailOutbox)).toHaveLength(0);
      },
    );

    it("a message over the limit is refused, not cut short", async () => {
      const res = await form({ subject: "Hi", message: "x".repeat(65_535 * 4 + 1), users_arr: String(ids.staff) });
      expectErrorEnvelope(res, 422);
      expect(await t.db().select().from(schema.mailOutbox)).toHaveLength(0);
    });

    it("a staff user is refused before anything is stored", async () => {
      const rows = (await fileRows()).length;
      const res = await form(
        { subject: "Hi", message: "Hello", users_arr: String(ids.staff) },
        [{ name: "policy.pdf", data: PDF }],
        tokens.staff,
      );
      expectErrorEnvelope(res, 403);
      expect(await fileRows()).toHaveLength(rows);
    });
  });

  it("an unknown filter column or someone else's upload queues nothing", async () => {
    expectErrorEnvelope(await send({ subject: "S", message: "M", filters: { password_hash: "x" } }), 422);
    const up = await callRoute(
      storeDocument,
      uploadRequest("/api/v1/store_document?kind=attachment", {
        token: tokens.manager,
        parts: [{ name: "x.pdf", data: PDF }],
      }),
    );
    if (up.status === 200)
      expectErrorEnvelope(
        await send({ subject: "S", message: "M", users_arr: [ids.staff], attachment: up.json.content }),
        422,
      );
    expect(await t.db().select().from(schema.mailOutbox)).toHaveLength(0);
  });
});

describe("HR order", () => {
  it("gethrimages lists cards in order; changepositionhr saves a new order in one go", async () => {
    const list = await get(gethrimages, "/api/v1/gethrimages", tokens.admin);
    expect(list.status).toBe(200);
    const order = list.json.content.map((c: { id: number }) => c.id).reverse();
    const res = await post(changepositionhr, "/api/v1/changepositionhr", tokens.admin, {
      imageList: order.map((id: number) => ({ id })),
      type: "hr",
    });
    expect(res.status).toBe(200);
    const again = await get(gethrimages, "/api/v1/gethrimages", tokens.admin);
    expect(again.json.content.map((c: { id: number }) => c.id)).toEqual(order);
    expect(again.json.content[0]).toMatchObject({ position: 1 });
  });

  it("an id that is not a user changes nothing", async () => {
    const before = (await get(gethrimages, "/api/v1/gethrimages", tokens.admin)).json.content.map(
      (c: { id: number }) => c.id,
    );
    const res = await post(changepositionhr, "/api/v1/changepositionhr", tokens.admin, {
      imageList: [...before].reverse().concat(999999),
    });
    expectErrorEnvelope(res, 422);
    expect(res.json.message).toBe(M.hrUnknownUser);
    expect(
      (await get(gethrimages, "/api/v1/gethrimages", tokens.admin)).json.content.map((c: { id: number }) => c.id),
    ).toEqual(before);
  });
});
