/**
 * The requester's side of a request (docs/features/requests.md), against the real database: photos and documents with
 * an answer while it needs information (only its requester, only then, only their own uploads; listed and downloadable
 * for whoever may open the request), withdrawing an open request (only its requester; a decided one is a 409), and the
 * Edit rule once it is withdrawn. Uniform requests are edited by their requester while information is asked.
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";

vi.mock("next/headers", () => import("@/test/mock-next-headers"));

import { apiRequest, callRoute, setupTestDatabase, tokenFor } from "@/test/db";
import { PNG_1X1, PDF, setupTempStorage, uploadRequest } from "@/test/files/helpers";
import { schema } from "@/lib/db";
import { resolveToken, type SessionUser } from "@/lib/auth/session";
import { storeDocument } from "@/lib/files/api";
import { fileAccess } from "@/lib/files/access";
import { POST as addRo } from "@/app/api/v1/ro-reversal-request/add/update/route";
import { POST as uniformAdd } from "@/app/api/v1/uniform/request/add/update/route";
import { POST as decideCall } from "@/app/api/v1/request/decide/route";
import { POST as withdrawCall } from "@/app/api/v1/request/withdraw/route";
import { FILES_ONLY_WITH_ANSWER, WITHDRAW_DECIDED } from "@/lib/requests/mutations";
import { ONLY_REQUESTER_ANSWERS, ONLY_REQUESTER_WITHDRAWS } from "@/lib/requests/access";
import { listRequestFiles } from "@/lib/requests/files";
import { listApprovals } from "@/lib/requests/approvals";
import { loadRequestPanel } from "@/lib/requests/queries";
import { DECIDED_REQUEST_LOCKED, editRefusal, withEditRights } from "@/lib/requests/edit-rules";

const t = setupTestDatabase();
setupTempStorage();
const tokens: Record<string, string> = {};
const users: Record<string, SessionUser> = {};
let locationId: number;

const post = (handler: typeof decideCall, path: string, token: string, body: Record<string, unknown>) =>
  callRoute(handler, apiRequest(path, { method: "POST", token, body }));
const decideAs = (who: string, body: Record<string, unknown>) =>
  post(decideCall, "/api/v1/request/decide", tokens[who], body);
const withdrawAs = (who: string, body: Record<string, unknown>) =>
  post(withdrawCall, "/api/v1/request/withdraw", tokens[who], body);

async function submitRo(who = "staff"): Promise<number> {
  const res = await post(addRo, "/api/v1/ro-reversal-request/add/update", tokens[who], {
    empolyee_name: "Jane Doe",
    date_of_request: "11/20/2026",
    full_ra: "RA-1001",
    date_ra_was_originally_closed: "2026-11-01",
    pay_type: "Customer Pay",
    location: locationId,
    reason: "Wrong labour line",
  });
  expect(res.status).toBe(200);
  return res.json.content.id as number;
}

async function upload(who: string, name = "photo.png", data = PNG_1X1): Promise<string> {
  const res = await callRoute(
    storeDocument,
    uploadRequest("/api/v1/store_document?kind=request", { token: tokens[who], parts: [{ name, data }] }),
  );
  expect(res.status).toBe(200);
  return res.json.content as string;
}

const fileByKey = async (key: string) =>
  (await t.db().select().from(schema.files).where(eq(schema.files.storageKey, key)))[0];

beforeAll(async () => {
  for (const name of ["admin", "manager", "staff"]) {
    tokens[name] = await tokenFor(t.db(), name);
    users[name] = (await resolveToken(tokens[name]))!;
  }
  await t.db().insert(schema.users).values({ username: "staff3", firstName: "Other", lastName: "Staff", roleId: 3 });
  tokens.staff3 = await tokenFor(t.db(), "staff3");
  users.staff3 = (await resolveToken(tokens.staff3))!;
  const [loc] = await t
    .db()
    .select({ id: schema.locations.id })
    .from(schema.locations)
    .where(eq(schema.locations.name, "Downtown Motors"));
  locationId = loc.id;
});

beforeEach(async () => {
  await t.db().delete(schema.requestFiles);
  await t.db().delete(schema.requestEvents);
  await t.db().delete(schema.roReversals);
  await t.db().delete(schema.uniformRequests);
});

describe("photos and documents with an answer", () => {
  it("the requester answers a question with a photo: linked to the request, listed, visible to who may open it", async () => {
    const id = await submitRo();
    expect(
      (await decideAs("admin", { form: "ro_reversal", id, decision: "needs_info", comment: "Photo of the RO?" }))
        .status,
    ).toBe(200);
    const key = await upload("staff");
    const res = await decideAs("staff", {
      form: "ro_reversal",
      id,
      decision: "answer",
      comment: "Here it is",
      files: [key],
    });
    expect(res.status).toBe(200);
    expect(res.json.content.status).toBe("submitted");
    const file = await fileByKey(key);
    expect(file.status).toBe("attached");
    const links = await t.db().select().from(schema.requestFiles);
    expect(links).toMatchObject([{ formKey: "ro_reversal", recordId: id, fileId: file.id, addedBy: users.staff.id }]);
    const listed = await listRequestFiles("ro_reversal", id);
    expect(listed).toMatchObject([{ name: "photo.png", mime: "image/png" }]);
    expect(listed[0].thumbnail).toBeTruthy();
    const panel = await loadRequestPanel("ro_reversal", id, users.staff);
    expect(panel?.files).toHaveLength(1);
    // Its requester and whoever manages the staff forms get links; another staff user does not.
    expect(await fileAccess(file, users.staff)).toBe("ok");
    expect(await fileAccess(file, users.manager)).toBe("ok");
    expect(await fileAccess(file, users.admin)).toBe("ok");
    expect(await fileAccess(file, users.staff3)).toBe("not_found");
  });

  it("refuses files with anything but the requester's answer; a refused answer leaves its uploads unclaimed", async () => {
    const id = await submitRo();
    const key = await upload("admin");
    const approve = await decideAs("admin", { form: "ro_reversal", id, decision: "approve", files: [key] });
    expect(approve.status).toBe(422);
    expect(approve.json.message).toBe(FILES_ONLY_WITH_ANSWER);

    await decideAs("admin", { form: "ro_reversal", id, decision: "needs_info", comment: "Which RO?" });
    // Someone else answering: 403, and their upload stays temporary (the unclaimed-upload sweep removes it).
    const other = await upload("manager");
    const byManager = await decideAs("manager", {
      form: "ro_reversal",
      id,
      decision: "answer",
      comment: "x",
      files: [other],
    });
    expect(byManager.status).toBe(403);
    expect(byManager.json.message).toBe(ONLY_REQUESTER_ANSWERS);
    expect((await fileByKey(other)).status).toBe("temporary");
    // Another user's upload is not the requester's to attach.
    const staff3Key = await upload("staff3", "doc.pdf", PDF);
    const foreign = await decideAs("staff", {
      form: "ro_reversal",
      id,
      decision: "answer",
      comment: "x",
      files: [staff3Key],
    });
    expect(foreign.status).toBe(422);
    expect(foreign.json.content).toHaveProperty("files");
    const [row] = await t.db().select().from(schema.roReversals).where(eq(schema.roReversals.id, id));
    expect(row.status).toBe("needs_info");
    expect(await t.db().select().from(schema.requestFiles)).toHaveLength(0);
  });

  it("a staff user who may not open the request gets its 404", async () => {
    const id = await submitRo();
    await decideAs("admin", { form: "ro_reversal", id, decision: "needs_info", comment: "Which RO?" });
    const key = await upload("staff3");
    const res = await decideAs("staff3", { form: "ro_reversal", id, decision: "answer", comment: "x", files: [key] });
    expect(res.status).toBe(404);
  });
});

describe("withdrawing a request", () => {
  it("the requester withdraws an open request: Withdrawn, a timeline step, no mail, gone from the approvers' inbox", async () => {
    const id = await submitRo();
    const inbox = async () =>
      (await listApprovals(users.admin, { page: 1, size: 100 })).rows.filter(
        (r) => r.id === id && r.form === "ro_reversal",
      );
    expect(await inbox()).toHaveLength(1);
    await t.db().delete(schema.mailOutbox);
    const res = await withdrawAs("staff", { form: "ro_reversal", id, comment: "Filed twice" });
    expect(res.status).toBe(200);
    expect(res.json.content).toMatchObject({ status: "withdrawn", previous_status: "submitted" });
    const [row] = await t.db().select().from(schema.roReversals).where(eq(schema.roReversals.id, id));
    expect(row).toMatchObject({ status: "withdrawn", decidedBy: null });
    const steps = await t.db().select().from(schema.requestEvents).where(eq(schema.requestEvents.recordId, id));
    expect(steps.at(-1)).toMatchObject({ decision: "withdraw", fromStatus: "submitted", toStatus: "withdrawn" });
    expect(await t.db().select().from(schema.mailOutbox)).toHaveLength(0);
    expect(await inbox()).toHaveLength(0);
    // A withdrawn request is closed: no second withdrawal, no decision, no edit, no Edit link.
    const again = await withdrawAs("staff", { form: "ro_reversal", id });
    expect(again.status).toBe(409);
    expect(again.json.message).toBe(WITHDRAW_DECIDED);
    const approve = await decideAs("admin", { form: "ro_reversal", id, decision: "approve" });
    expect(approve.status).toBe(409);
    expect(approve.json.message).toContain("already changed this request to Withdrawn");
    expect(editRefusal(users.staff, row)?.message).toBe(DECIDED_REQUEST_LOCKED);
    expect(withEditRights([row], users.staff)[0].mayEdit).toBe(false);
    expect((await loadRequestPanel("ro_reversal", id, users.staff))?.mayEdit).toBe(false);
  });

  it("withdraws while information is asked (the requester's panel offers Answer and Withdraw)", async () => {
    const id = await submitRo();
    await decideAs("admin", { form: "ro_reversal", id, decision: "needs_info", comment: "Which RO?" });
    const panel = await loadRequestPanel("ro_reversal", id, users.staff);
    expect(panel?.decisions).toEqual(["answer", "withdraw"]);
    expect((await withdrawAs("staff", { form: "ro_reversal", id })).json.content.status).toBe("withdrawn");
  });

  it("refuses anyone but the requester (403, or 404 for who may not open it) and a decided request (409)", async () => {
    const id = await submitRo();
    const byAdmin = await withdrawAs("admin", { form: "ro_reversal", id });
    expect(byAdmin.status).toBe(403);
    expect(byAdmin.json.message).toBe(ONLY_REQUESTER_WITHDRAWS);
    expect((await withdrawAs("manager", { form: "ro_reversal", id })).status).toBe(403);
    expect((await withdrawAs("staff3", { form: "ro_reversal", id })).status).toBe(404);
    // An approver's panel offers no Withdraw.
    expect((await loadRequestPanel("ro_reversal", id, users.admin))?.decisions).not.toContain("withdraw");
    await decideAs("admin", { form: "ro_reversal", id, decision: "approve" });
    const late = await withdrawAs("staff", { form: "ro_reversal", id });
    expect(late.status).toBe(409);
    expect(late.json.message).toBe(WITHDRAW_DECIDED);
  });
});

describe("editing while information is asked", () => {
  it("the requester of a uniform request edits it while it needs information, not once it is withdrawn", async () => {
    const body = {
      designation_id: 2,
      location_id: locationId,
      empolyee_first_name: "Tess",
      empolyee_last_name: "Tech",
      requestor_name: "Sam Staff",
      new_hire: "yes",
      new_order: "yes",
      re_order: "no",
      wear_id: 3,
      text: "Shirt M",
      shirt_quantity: "3",
      pant_quantity: "2",
      comment: "Starts Monday",
    };
    const saved = await post(uniformAdd, "/api/v1/uniform/request/add/update", tokens.staff, body);
    expect(saved.status).toBe(200);
    const id = saved.json.content.id as number;
    await decideAs("admin", { form: "uniform", id, decision: "needs_info", comment: "Pants size?" });
    const [row] = await t.db().select().from(schema.uniformRequests).where(eq(schema.uniformRequests.id, id));
    expect(editRefusal(users.staff, row)).toBeNull();
    const edit = await post(uniformAdd, "/api/v1/uniform/request/add/update", tokens.staff, {
      id,
      text: "Shirt M, pants 32x30",
    });
    expect(edit.status).toBe(200);
    await withdrawAs("staff", { form: "uniform", id });
    const late = await post(uniformAdd, "/api/v1/uniform/request/add/update", tokens.staff, { id, text: "x" });
    expect(late.status).toBe(409);
  });
});
