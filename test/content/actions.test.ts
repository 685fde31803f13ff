import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { and, eq } from "drizzle-orm";
import { schema } from "@/lib/db";
import type { SessionUser } from "@/lib/auth/session";
import { setupTestDatabase } from "@/test/db";
import { actors, contentCounts, fileRow, menuId, upload } from "./helpers";

// Server actions read the browser session through getCurrentUser(); the test decides who is signed in.
const signedIn = vi.hoisted(() => ({ user: null as SessionUser | null }));
// createAction reads the request headers (its origin check): an empty request here.
vi.mock("next/headers", () => import("@/test/mock-next-headers"));
vi.mock("@/lib/auth/guards", async (importOriginal) => {
  const mod = await importOriginal<typeof import("@/lib/auth/guards")>();
  return { ...mod, getCurrentUser: async () => signedIn.user };
});

const actions = await import("@/lib/content/actions");

const t = setupTestDatabase();
let who: Awaited<ReturnType<typeof actors>>;
let bulletinPost: number;
let newsPost: number;
let docAttachment: number;
let newsDate: number;

beforeAll(async () => {
  who = await actors(t.db());
  signedIn.user = who.admin.user;
  const a = await actions.saveDiscussionAction({
    slug: "service-bulletins",
    title: "Bulletin",
    description: "",
    documents: [],
  });
  const b = await actions.saveDiscussionAction({ slug: "company-news", title: "News", description: "", documents: [] });
  const c = await actions.saveAttachmentAction({
    slug: "documents",
    title: "Site",
    uploadType: "url",
    url: "https://example.com",
    groupId: null,
    documents: [],
  });
  const d = await actions.saveSaveTheDateAction({
    slug: "company-news",
    title: "Picnic",
    description: "",
    eventDate: "06/01/2026",
    documents: [],
  });
  if (!a.ok || !b.ok || !c.ok || !d.ok) throw new Error("setup failed");
  bulletinPost = a.data.id;
  newsPost = b.data.id;
  docAttachment = c.data.id;
  newsDate = d.data.id;
});

beforeEach(() => {
  signedIn.user = who.admin.user;
});

describe("content server actions", () => {
  it("save a post with the form's schema and write the audit log in the same transaction", async () => {
    const key = await upload(t.db(), who.admin.user.id, "A.pdf");
    const before = await contentCounts(t.db());
    const res = await actions.saveDiscussionAction({
      slug: "company-news",
      title: "  Trimmed title  ",
      description: "Body",
      documents: [{ path: key, name: "A.pdf", size: 10, type: "application/pdf" }],
    });
    expect(res).toMatchObject({ ok: true, message: "Post Added successfully", data: { created: true } });
    if (!res.ok) return;
    const [row] = await t.db().select().from(schema.posts).where(eq(schema.posts.id, res.data.id));
    expect(row).toMatchObject({
      title: "Trimmed title",
      createdBy: who.admin.user.id,
      updatedBy: who.admin.user.id,
      menuId: await menuId(t.db(), "company-news"),
    });
    const after = await contentCounts(t.db());
    expect(after).toMatchObject({ posts: before.posts + 1, documents: before.documents + 1, audit: before.audit + 1 });
    const [audit] = await t
      .db()
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.entityId, String(res.data.id)));
    expect(audit).toMatchObject({ action: "create", entity: "post", actorId: who.admin.user.id });
    expect(await fileRow(t.db(), key)).toMatchObject({ status: "attached" });
  });

  it("refuses bad input with field messages and writes nothing", async () => {
    const before = await contentCounts(t.db());
    const empty = await actions.saveDiscussionAction({
      slug: "company-news",
      title: "",
      description: "",
      documents: [],
    });
    expect(empty).toMatchObject({
      ok: false,
      status: 422,
      message: "Title Required",
      fieldErrors: { title: ["Title Required"] },
    });
    const long = await actions.saveDiscussionAction({
      slug: "company-news",
      title: "t".repeat(191),
      description: "",
      documents: [],
    });
    expect(long).toMatchObject({ ok: false, fieldErrors: { title: ["Title cannot be longer than 190 characters"] } });
    const files = Array.from({ length: 21 }, (_, i) => ({ path: `u/${i}.pdf`, name: `${i}.pdf`, size: 1, type: "" }));
    const many = await actions.saveDiscussionAction({
      slug: "company-news",
      title: "ok",
      description: "",
      documents: files,
    });
    expect(many).toMatchObject({ ok: false, fieldErrors: { documents: ["Only 20 files are allowed"] } });
    const link = await actions.saveAttachmentAction({
      slug: "documents",
      title: "x",
      uploadType: "url",
      url: "ftp://example.com",
      groupId: null,
      documents: [],
    });
    expect(link).toMatchObject({ ok: false, fieldErrors: { url: ["The link field is not a valid URL."] } });
    const noFile = await actions.saveAttachmentAction({
      slug: "documents",
      title: "x",
      uploadType: "file",
      url: "",
      groupId: null,
      documents: [],
    });
    expect(noFile).toMatchObject({ ok: false, fieldErrors: { documents: ["Please upload file"] } });
    const twoDates = await actions.saveSaveTheDateAction({
      slug: "company-news",
      title: "x",
      description: "",
      eventDate: "06/01/2026",
      documents: [
        { path: "u/1.pdf", name: "1.pdf", size: 1, type: "" },
        { path: "u/2.pdf", name: "2.pdf", size: 1, type: "" },
      ],
    });
    expect(twoDates).toMatchObject({
      ok: false,
      fieldErrors: { documents: ["You can only add one file. Please remove the current file to add another."] },
    });
    const comment = await actions.addCommentAction({ postId: newsPost, comment: " " });
    expect(comment).toMatchObject({ ok: false, fieldErrors: { comment: ["The Comment is Required."] } });
    expect(await contentCounts(t.db())).toEqual(before);
  });

  it("refuses ids of another menu's rows", async () => {
    const before = await contentCounts(t.db());
    expect(
      await actions.saveDiscussionAction({
        slug: "company-news",
        id: bulletinPost,
        title: "x",
        description: "",
        documents: [],
      }),
    ).toMatchObject({
      ok: false,
      status: 404,
      message: "Post not found.",
    });
    expect(
      await actions.setPinAction({ slug: "company-news", kind: "discussion", id: bulletinPost, pin: true }),
    ).toMatchObject({ ok: false, status: 404 });
    expect(
      await actions.deleteContentAction({ slug: "company-news", kind: "discussion", id: bulletinPost }),
    ).toMatchObject({ ok: false, status: 404 });
    expect(
      await actions.deleteContentAction({ slug: "documents", kind: "discussion", id: docAttachment }),
    ).toMatchObject({ ok: false, status: 404 });
    expect(await actions.deleteSaveTheDateAction({ slug: "documents", id: newsDate })).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(
      await actions.saveAttachmentAction({
        slug: "service-department",
        id: docAttachment,
        title: "x",
        uploadType: "file",
        url: "",
        groupId: null,
        documents: [{ path: "a/b.pdf", name: "b.pdf", size: 1, type: "" }],
      }),
    ).toMatchObject({ ok: false, status: 404, message: "Attachment not found." });
    expect(await contentCounts(t.db())).toEqual(before);
    const [still] = await t.db().select().from(schema.posts).where(eq(schema.posts.id, bulletinPost));
    expect(still).toMatchObject({ title: "Bulletin", pin: false });
  });

  it("refuses every write from roles 2 and 3 with 403, and from a signed-out visitor with 401", async () => {
    const writes = [
      () => actions.saveDiscussionAction({ slug: "company-news", title: "x", description: "", documents: [] }),
      () =>
        actions.saveDiscussionAction({
          slug: "company-news",
          id: newsPost,
          title: "x",
          description: "",
          documents: [],
        }),
      () =>
        actions.saveAttachmentAction({
          slug: "documents",
          title: "x",
          uploadType: "url",
          url: "https://example.com",
          groupId: null,
          documents: [],
        }),
      () =>
        actions.saveSaveTheDateAction({
          slug: "company-news",
          title: "x",
          description: "",
          eventDate: "01/01/2026",
          documents: [],
        }),
      () => actions.setPinAction({ kind: "discussion", id: newsPost, pin: true }),
      () => actions.deleteContentAction({ kind: "discussion", id: newsPost }),
      () => actions.deleteContentAction({ kind: "attachment", id: docAttachment }),
      () => actions.deleteSaveTheDateAction({ id: newsDate }),
      () => actions.addCommentAction({ postId: newsPost, comment: "hi" }),
    ];
    for (const [user, status] of [
      [who.manager.user, 403],
      [who.staff.user, 403],
      [null, 401],
    ] as const) {
      signedIn.user = user;
      for (const write of writes) {
        const before = await contentCounts(t.db());
        const res = await write();
        expect(res).toMatchObject({ ok: false, status });
        expect(await contentCounts(t.db())).toEqual(before);
      }
    }
  });

  it("pins without touching the last-change date, and unpins", async () => {
    const [before] = await t.db().select().from(schema.posts).where(eq(schema.posts.id, newsPost));
    const res = await actions.setPinAction({ slug: "company-news", kind: "discussion", id: newsPost, pin: true });
    expect(res).toMatchObject({ ok: true, message: "Discussion Pin successfully" });
    const [after] = await t.db().select().from(schema.posts).where(eq(schema.posts.id, newsPost));
    expect(after.pin).toBe(true);
    expect(after.updatedAt.getTime()).toBe(before.updatedAt.getTime());
    expect(
      await actions.setPinAction({ slug: "documents", kind: "attachment", id: docAttachment, pin: true }),
    ).toMatchObject({ ok: true, message: "Attachment Pin successfully" });
    expect(
      await actions.setPinAction({ slug: "company-news", kind: "discussion", id: newsPost, pin: false }),
    ).toMatchObject({ ok: true, message: "Discussion Unpin successfully" });
  });

  it("deletes a save-the-date entry with the old portal's text", async () => {
    const d = await actions.saveSaveTheDateAction({
      slug: "company-news",
      title: "Gone",
      description: "",
      eventDate: "02/28/2026",
      documents: [],
    });
    if (!d.ok) throw new Error("save failed");
    const res = await actions.deleteSaveTheDateAction({ slug: "company-news", id: d.data.id });
    expect(res).toMatchObject({ ok: true, message: "You successfully deleted the record(s)." });
    expect(await t.db().select().from(schema.saveTheDates).where(eq(schema.saveTheDates.id, d.data.id))).toEqual([]);
    const audits = await t
      .db()
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entity, "save_the_date"), eq(schema.auditLog.action, "delete")));
    expect(audits).toMatchObject([{ entityId: String(d.data.id), before: { title: "Gone", documents: [] } }]);
    expect(await actions.deleteSaveTheDateAction({ slug: "company-news", id: d.data.id })).toMatchObject({
      ok: false,
      status: 404,
    });
  });
});
