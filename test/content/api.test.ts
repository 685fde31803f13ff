import { beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { schema } from "@/lib/db";
import { callRoute, setupTestDatabase } from "@/test/db";
import { actors, call, contentCounts, fileRow, menuId, upload } from "./helpers";
import { setupTempStorage } from "@/test/files/helpers";
import { POST as storePost } from "@/app/api/v1/store_post/route";
import { POST as storeAttachment } from "@/app/api/v1/store_attachment/route";
import { POST as storeEvent } from "@/app/api/v1/store_event/route";
import { POST as storeComment } from "@/app/api/v1/store_comment/route";
import { POST as pin } from "@/app/api/v1/pin/unpin/salesdata/route";
import { DELETE as deleteSales } from "@/app/api/v1/delete_sales_data/route";
import { DELETE as deleteSaveDate } from "@/app/api/v1/delete_save_date_data/route";
import { GET as displayPosts } from "@/app/api/v1/display_sales_post/route";
import { GET as displayAttachments } from "@/app/api/v1/display_sales_attachment/[group_id]/route";
import { GET as displayAttachmentsOld } from "@/app/api/v1/display_sales_attachment_old/route";
import { GET as displaySaveDates } from "@/app/api/v1/display_save_date_post/route";
import { GET as details } from "@/app/api/v1/display_sales_details/route";
import { GET as getDocument } from "@/app/api/v1/get_document/route";
import { GET as getEvent } from "@/app/api/v1/get_event/route";
import { GET as groupList } from "@/app/api/v1/attachment_group_list/route";

const t = setupTestDatabase();
setupTempStorage();
let who: Awaited<ReturnType<typeof actors>>;
/** A path that passes the form schema but was never uploaded (for input the schema refuses first). */
const doc = (i: number) => `uploads/2026/01/file-${i}.pdf`;
const up = (name: string, opts: Parameters<typeof upload>[3] = {}) => upload(t.db(), who.admin.user.id, name, opts);

beforeAll(async () => {
  who = await actors(t.db());
});

async function newPost(slug: string, title: string, extra: Record<string, unknown> = {}) {
  const res = await call(storePost, "/api/v1/store_post", {
    method: "POST",
    token: who.admin.token,
    body: { slug, title, description: "", ...extra },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.content.id as number;
}

describe("store_post and display_sales_post", () => {
  it("adds a post with documents, lists it with total_rows/per_page and writes the audit log", async () => {
    const report = await up("Report Q1.pdf", { size: 1200 });
    const photo = await up("Photo.JPG", { size: 3400, mime: "image/jpeg" });
    const before = await contentCounts(t.db());
    const res = await call(storePost, "/api/v1/store_post", {
      method: "POST",
      token: who.admin.token,
      body: {
        slug: "company-news",
        title: "Quarterly results",
        description: "See https://example.com/report for details",
        imagePath: [report, photo],
        imageSize: [1, 2],
        imageType: ["text/plain", "text/plain"],
        imageName: ["Client name.txt", "Other.txt"],
        id: 0,
      },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ code: 200, status: "success", message: "Post Added successfully" });
    const after = await contentCounts(t.db());
    expect(after.posts).toBe(before.posts + 1);
    expect(after.documents).toBe(before.documents + 2);
    expect(after.audit).toBe(before.audit + 1);

    const list = await call(displayPosts, "/api/v1/display_sales_post?slug=company-news&page=1", {
      token: who.staff.token,
    });
    expect(list.status).toBe(200);
    expect(list.json.code).toBe(200);
    expect(list.json.content).toMatchObject({ total_rows: 1, per_page: 10 });
    const post = list.json.content.discussions[0];
    expect(post).toMatchObject({ title: "Quarterly results", pin: 0, updated_name: "Alex Admin" });
    // Name, size and type are the stored file's, not what the client claimed.
    expect(post.documents).toEqual([
      expect.objectContaining({
        document_path: report,
        document_name: "Report Q1.pdf",
        doc_extension: "pdf",
        size: 1200,
        mime: "application/pdf",
      }),
      expect.objectContaining({
        document_path: photo,
        document_name: "Photo.JPG",
        doc_extension: "jpg",
        mime: "image/jpeg",
      }),
    ]);
    expect(await fileRow(t.db(), report)).toMatchObject({ status: "attached" });
  });

  it("updates a post by id and replaces its documents", async () => {
    const first = await up("first.pdf");
    const kept = await up("kept.pdf");
    const second = await up("second.pdf");
    const id = await newPost("company-news", "Draft title", {
      imagePath: [first, kept],
      imageSize: [5, 5],
      imageType: ["application/pdf", "application/pdf"],
    });
    const res = await call(storePost, "/api/v1/store_post", {
      method: "POST",
      token: who.admin.token,
      body: {
        slug: "company-news",
        id,
        title: "Final title",
        description: "Body",
        imagePath: [kept, second],
        imageSize: [6, 6],
        imageType: ["pdf", "pdf"],
      },
    });
    expect(res.json.message).toBe("Post Updated successfully");
    const docs = await t.db().select().from(schema.contentDocuments).where(eq(schema.contentDocuments.postId, id));
    expect(docs.map((d) => d.path)).toEqual([kept, second]);
    // The file the post no longer references is gone; the others are attached.
    expect(await fileRow(t.db(), first)).toBeNull();
    expect(await fileRow(t.db(), kept)).toMatchObject({ status: "attached" });
    expect(await fileRow(t.db(), second)).toMatchObject({ status: "attached" });
    const [audit] = await t
      .db()
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.entityId, String(id)))
      .orderBy(schema.auditLog.id);
    expect(audit).toBeTruthy();
  });
});

describe("bad input is refused with the old portal's message and nothing is written", () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    ["an empty title", { title: "   " }, "title", "Title Required"],
    ["a missing title", { title: undefined }, "title", "Title Required"],
    ["a title over 190 characters", { title: "x".repeat(191) }, "title", "Title cannot be longer than 190 characters"],
    [
      "21 files",
      {
        imagePath: Array.from({ length: 21 }, (_, i) => doc(i)),
        imageSize: Array(21).fill(1),
        imageType: Array(21).fill("pdf"),
      },
      "imagePath",
      "Only 20 files are allowed",
    ],
    [
      "a file over 250 MB",
      { imagePath: [doc(1)], imageSize: [251 * 1024 * 1024], imageType: ["pdf"] },
      "imagePath.0.size",
      "File is too big (251MB). Max allowed file size is 250MB",
    ],
    [
      "a path outside the storage",
      { imagePath: ["../../etc/passwd"], imageSize: [1], imageType: ["txt"] },
      "imagePath.0.path",
      "The file path is not valid.",
    ],
    ["a non-numeric id", { id: "abc" }, "id", "The id is not valid."],
  ];
  for (const [label, patch, field, message] of cases) {
    it(`store_post: ${label}`, async () => {
      const before = await contentCounts(t.db());
      const res = await call(storePost, "/api/v1/store_post", {
        method: "POST",
        token: who.admin.token,
        body: { slug: "company-news", title: "OK title", description: "", ...patch },
      });
      expect(res.status).toBe(422);
      expect(res.json).toMatchObject({ code: 422, status: "error", message });
      expect(res.json.content[field]).toContain(message);
      expect(await contentCounts(t.db())).toEqual(before);
    });
  }

  const attachmentCases: [string, Record<string, unknown>, string, string][] = [
    [
      "an invalid URL",
      { upload_type: "url", attachURL: "not a url" },
      "attachURL",
      "The link field is not a valid URL.",
    ],
    [
      "a javascript: URL",
      { upload_type: "url", attachURL: "javascript:alert(1)" },
      "attachURL",
      "The link field is not a valid URL.",
    ],
    [
      "a URL without protocol",
      { upload_type: "url", attachURL: "www.example.com" },
      "attachURL",
      "The link field is not a valid URL.",
    ],
    ["a missing link", { upload_type: "url", attachURL: "" }, "attachURL", "The link field is required."],
    ["a document type without a file", { upload_type: "file" }, "attachPath", "Please upload file"],
    [
      "two files",
      { upload_type: "file", attachPath: [doc(1), doc(2)], attachSize: [1, 1], attachType: ["pdf", "pdf"] },
      "attachPath",
      "You can only add one file. Please remove the current file to add another.",
    ],
    [
      "an empty title",
      { attachTitle: "", upload_type: "url", attachURL: "https://example.com" },
      "attachTitle",
      "Title Required",
    ],
    ["an unknown type", { upload_type: "video" }, "upload_type", "Please choose Document or Link."],
  ];
  for (const [label, patch, field, message] of attachmentCases) {
    it(`store_attachment: ${label}`, async () => {
      const before = await contentCounts(t.db());
      const res = await call(storeAttachment, "/api/v1/store_attachment", {
        method: "POST",
        token: who.admin.token,
        body: { attachSlug: "documents", attachTitle: "Price list", ...patch },
      });
      expect(res.status).toBe(422);
      expect(res.json.message).toBe(message);
      expect(res.json.content[field]).toContain(message);
      expect(await contentCounts(t.db())).toEqual(before);
    });
  }

  it("store_attachment: a document on a links-only page (allow_in_attachment 1)", async () => {
    const before = await contentCounts(t.db());
    const res = await call(storeAttachment, "/api/v1/store_attachment", {
      method: "POST",
      token: who.admin.token,
      body: {
        attachSlug: "warranty-policies",
        attachTitle: "Policy",
        upload_type: "doc",
        attachPath: [doc(1)],
        attachSize: [1],
        attachType: ["pdf"],
      },
    });
    expect(res.status).toBe(422);
    expect(res.json.message).toBe("This page accepts links only.");
    expect(await contentCounts(t.db())).toEqual(before);
  });

  it("store_event: a missing or impossible date", async () => {
    const before = await contentCounts(t.db());
    const missing = await call(storeEvent, "/api/v1/store_event", {
      method: "POST",
      token: who.admin.token,
      body: { slug: "company-news", title: "Gala" },
    });
    expect(missing.status).toBe(422);
    expect(missing.json.content.eventDate).toContain("Date Required");
    const bad = await call(storeEvent, "/api/v1/store_event", {
      method: "POST",
      token: who.admin.token,
      body: { slug: "company-news", title: "Gala", eventDate: "02/30/2026" },
    });
    expect(bad.json.content.eventDate).toContain("Please enter the date as MM/DD/YYYY");
    const iso = await call(storeEvent, "/api/v1/store_event", {
      method: "POST",
      token: who.admin.token,
      body: { slug: "company-news", title: "Gala", eventDate: "2026-02-01" },
    });
    expect(iso.status).toBe(422);
    expect(await contentCounts(t.db())).toEqual(before);
  });

  it("store_comment: an empty comment", async () => {
    const id = await newPost("company-news", "Commentable");
    const before = await contentCounts(t.db());
    const res = await call(storeComment, "/api/v1/store_comment", {
      method: "POST",
      token: who.admin.token,
      body: { comment: "  ", sales_id: id },
    });
    expect(res.status).toBe(422);
    expect(res.json.message).toBe("The Comment is Required.");
    expect(await contentCounts(t.db())).toEqual(before);
  });

  it("a page on a menu without that tab is refused", async () => {
    const res = await call(storePost, "/api/v1/store_post", {
      method: "POST",
      token: who.admin.token,
      body: { slug: "documents", title: "x" },
    });
    expect(res.status).toBe(404);
    expect(res.json.message).toBe("This page has no Discussion tab.");
    const cal = await call(storeEvent, "/api/v1/store_event", {
      method: "POST",
      token: who.admin.token,
      body: { slug: "calendar", title: "x", eventDate: "01/02/2026" },
    });
    expect(cal.status).toBe(404);
  });
});

describe("script and HTML in text are stored and answered as text", () => {
  it("keeps the characters verbatim (React renders them as text)", async () => {
    const title = `<script>alert("x")</script><b>Bold</b>`;
    const description = `<img src=x onerror=alert(1)> visit https://example.com/a?b=1&c=2`;
    const id = await newPost("service-bulletins", title, { description });
    const res = await call(details, `/api/v1/display_sales_details?slug=service-bulletins&id=${id}`, {
      token: who.staff.token,
    });
    expect(res.json.content).toMatchObject({ title, description });
  });
});

describe("paging, sorting and search", () => {
  beforeAll(async () => {
    for (const title of ["Alpha news", "bravo update", "Charlie 100% done", "delta_report"])
      await newPost("service-bulletins", title, { description: `About ${title}` });
  });

  it("refuses a page below 1, a non-numeric page and a page past the end", async () => {
    for (const page of ["0", "-1", "abc", "1.5"]) {
      const res = await call(displayPosts, `/api/v1/display_sales_post?slug=service-bulletins&page=${page}`, {
        token: who.staff.token,
      });
      expect(res.status, page).toBe(422);
      expect(res.json.message).toBe("The page must be a whole number of 1 or more.");
    }
    const past = await call(displayPosts, "/api/v1/display_sales_post?slug=service-bulletins&page=99", {
      token: who.staff.token,
    });
    expect(past.status).toBe(404);
    expect(past.json.message).toMatch(/^Page 99 is past the end of the list \(last page 1\)\.$/);
    const empty = await call(displaySaveDates, "/api/v1/display_save_date_post?slug=service-bulletins&page=1", {
      token: who.staff.token,
    });
    expect(empty.json.content).toMatchObject({ saveTheDateData: [], total_rows: 0, per_page: 10 });
  });

  it("refuses unknown sorts (and A-to-Z where only Newest/Oldest exist)", async () => {
    const res = await call(displayPosts, "/api/v1/display_sales_post?slug=service-bulletins&sort=popular", {
      token: who.staff.token,
    });
    expect(res.status).toBe(422);
    expect(res.json.message).toBe("The sort must be one of: newest, oldest, a-z, z-a.");
    const std = await call(displaySaveDates, "/api/v1/display_save_date_post?slug=service-bulletins&sort=a-z", {
      token: who.staff.token,
    });
    expect(std.status).toBe(422);
    expect(std.json.message).toBe("The sort must be one of: newest, oldest.");
  });

  it("sorts by title case-insensitively and by last change", async () => {
    const az = await call(displayPosts, "/api/v1/display_sales_post?slug=service-bulletins&sort=a-z", {
      token: who.staff.token,
    });
    const known = (list: { title: string }[]) => list.map((d) => d.title).filter((title) => /^[A-Za-z]/.test(title));
    expect(known(az.json.content.discussions)).toEqual([
      "Alpha news",
      "bravo update",
      "Charlie 100% done",
      "delta_report",
    ]);
    const za = await call(displayPosts, "/api/v1/display_sales_post?slug=service-bulletins&sort=z-a", {
      token: who.staff.token,
    });
    expect(known(za.json.content.discussions)).toEqual([
      "delta_report",
      "Charlie 100% done",
      "bravo update",
      "Alpha news",
    ]);
    const newest = await call(displayPosts, "/api/v1/display_sales_post?slug=service-bulletins", {
      token: who.staff.token,
    });
    const oldest = await call(displayPosts, "/api/v1/display_sales_post?slug=service-bulletins&sort=oldest", {
      token: who.staff.token,
    });
    expect(newest.json.content.discussions[0].title).toBe("delta_report");
    expect(oldest.json.content.discussions.at(-1).title).toBe("delta_report");
  });

  it("searches title and description case-insensitively, with % and _ taken literally", async () => {
    const q = async (filter: string) =>
      (
        await call(
          displayPosts,
          `/api/v1/display_sales_post?slug=service-bulletins&filter=${encodeURIComponent(filter)}`,
          { token: who.staff.token },
        )
      ).json.content;
    expect((await q("BRAVO")).discussions.map((d: { title: string }) => d.title)).toEqual(["bravo update"]);
    expect((await q("about alpha")).total_rows).toBe(1);
    expect((await q("100%")).discussions.map((d: { title: string }) => d.title)).toEqual(["Charlie 100% done"]);
    expect((await q("a_r")).discussions.map((d: { title: string }) => d.title)).toEqual(["delta_report"]);
    expect((await q("zzz")).total_rows).toBe(0);
  });

  it("pages 10 at a time and shows pinned posts first", async () => {
    for (let i = 0; i < 8; i++) await newPost("service-bulletins", `Bulk ${i}`);
    const p1 = await call(displayPosts, "/api/v1/display_sales_post?slug=service-bulletins&page=1", {
      token: who.staff.token,
    });
    expect(p1.json.content.discussions).toHaveLength(10);
    const total = p1.json.content.total_rows;
    const p2 = await call(displayPosts, "/api/v1/display_sales_post?slug=service-bulletins&page=2", {
      token: who.staff.token,
    });
    expect(p2.json.content.discussions).toHaveLength(total - 10);
    const oldestId = p2.json.content.discussions.at(-1).id;
    const before = p2.json.content.discussions.at(-1).updated_at;
    const res = await call(pin, "/api/v1/pin/unpin/salesdata", {
      method: "POST",
      token: who.admin.token,
      body: { salesId: oldestId, salest_type: "discussion", type: "Pin" },
    });
    expect(res.json).toMatchObject({ code: 200, message: "Discussion Pin successfully" });
    const again = await call(displayPosts, "/api/v1/display_sales_post?slug=service-bulletins&page=1", {
      token: who.staff.token,
    });
    expect(again.json.content.discussions[0]).toMatchObject({ id: oldestId, pin: 1, updated_at: before });
    const unpin = await call(pin, "/api/v1/pin/unpin/salesdata", {
      method: "POST",
      token: who.admin.token,
      body: { salesId: oldestId, salest_type: "discussion", type: "Unpin" },
    });
    expect(unpin.json.message).toBe("Discussion Unpin successfully");
  });
});

describe("ids of another menu's rows are refused", () => {
  it("store_post, get_document, display_sales_details and get_event refuse a row of another menu", async () => {
    const id = await newPost("service-bulletins", "Belongs to bulletins");
    const before = await contentCounts(t.db());
    const edit = await call(storePost, "/api/v1/store_post", {
      method: "POST",
      token: who.admin.token,
      body: { slug: "company-news", id, title: "Hijack" },
    });
    expect(edit.status).toBe(404);
    expect(edit.json.message).toBe("Post not found.");
    expect(await contentCounts(t.db())).toEqual(before);
    const [row] = await t.db().select().from(schema.posts).where(eq(schema.posts.id, id));
    expect(row.title).toBe("Belongs to bulletins");
    expect(
      (await call(getDocument, `/api/v1/get_document?slug=company-news&id=${id}`, { token: who.admin.token })).status,
    ).toBe(404);
    expect(
      (await call(details, `/api/v1/display_sales_details?slug=company-news&id=${id}`, { token: who.staff.token }))
        .status,
    ).toBe(404);
    const ev = await call(storeEvent, "/api/v1/store_event", {
      method: "POST",
      token: who.admin.token,
      body: { slug: "service-bulletins", title: "Day", eventDate: "03/04/2026" },
    });
    expect(
      (await call(getEvent, `/api/v1/get_event?slug=company-news&id=${ev.json.content.id}`, { token: who.admin.token }))
        .status,
    ).toBe(404);
    const evEdit = await call(storeEvent, "/api/v1/store_event", {
      method: "POST",
      token: who.admin.token,
      body: { slug: "company-news", id: ev.json.content.id, title: "Moved", eventDate: "03/04/2026" },
    });
    expect(evEdit.status).toBe(404);
  });

  it("an attachment id is not a discussion (salest_type must match)", async () => {
    const res = await call(storeAttachment, "/api/v1/store_attachment", {
      method: "POST",
      token: who.admin.token,
      body: { attachSlug: "documents", attachTitle: "Site", upload_type: "url", attachURL: "https://example.com" },
    });
    const id = res.json.content.id;
    const wrong = await call(deleteSales, "/api/v1/delete_sales_data", {
      method: "DELETE",
      token: who.admin.token,
      body: { salesId: id, salest_type: "discussion" },
    });
    expect(wrong.status).toBe(404);
    const [still] = await t.db().select().from(schema.attachments).where(eq(schema.attachments.id, id));
    expect(still).toBeTruthy();
  });
});

describe("non-administrators are refused every write with 403 and nothing is written", () => {
  it("store_post, store_attachment, store_event, store_comment, pin, delete_sales_data, delete_save_date_data", async () => {
    const postId = await newPost("company-news", "Protected");
    const ev = await call(storeEvent, "/api/v1/store_event", {
      method: "POST",
      token: who.admin.token,
      body: { slug: "company-news", title: "Day", eventDate: "03/04/2026" },
    });
    const eventId = ev.json.content.id;
    const writes: [typeof storePost, string, string, unknown][] = [
      [storePost, "/api/v1/store_post", "POST", { slug: "company-news", title: "Nope" }],
      [storePost, "/api/v1/store_post", "POST", { slug: "company-news", id: postId, title: "Nope" }],
      [
        storeAttachment,
        "/api/v1/store_attachment",
        "POST",
        { attachSlug: "documents", attachTitle: "Nope", upload_type: "url", attachURL: "https://example.com" },
      ],
      [storeEvent, "/api/v1/store_event", "POST", { slug: "company-news", title: "Nope", eventDate: "01/01/2026" }],
      [storeComment, "/api/v1/store_comment", "POST", { comment: "Nope", sales_id: postId }],
      [pin, "/api/v1/pin/unpin/salesdata", "POST", { salesId: postId, salest_type: "discussion", type: "Pin" }],
      [deleteSales, "/api/v1/delete_sales_data", "DELETE", { salesId: postId, salest_type: "discussion" }],
      [deleteSaveDate, "/api/v1/delete_save_date_data", "DELETE", { eventId }],
    ];
    for (const role of ["manager", "staff"] as const) {
      for (const [handler, path, method, body] of writes) {
        const before = await contentCounts(t.db());
        const res = await call(handler, path, { method, token: who[role].token, body });
        expect(res.status, `${role} ${path}`).toBe(403);
        expect(res.json).toMatchObject({ code: 403, status: "error" });
        expect(await contentCounts(t.db()), `${role} ${path}`).toEqual(before);
      }
      expect(
        (await call(getDocument, `/api/v1/get_document?slug=company-news&id=${postId}`, { token: who[role].token }))
          .status,
      ).toBe(403);
    }
    const anonymous = await call(storePost, "/api/v1/store_post", {
      method: "POST",
      body: { slug: "company-news", title: "Nope" },
    });
    expect(anonymous.status).toBe(401);
  });

  it("a menu the role may not open answers 403 to reads", async () => {
    await t
      .db()
      .update(schema.menus)
      .set({ allowedRoleIds: [1] })
      .where(eq(schema.menus.slug, "warranty-policies"));
    const res = await call(displayAttachments, "/api/v1/display_sales_attachment/0?slug=warranty-policies", {
      token: who.staff.token,
      params: { group_id: "0" },
    });
    expect(res.status).toBe(403);
    const ok = await call(displayAttachments, "/api/v1/display_sales_attachment/0?slug=warranty-policies", {
      token: who.admin.token,
      params: { group_id: "0" },
    });
    expect(ok.status).toBe(200);
    await t.db().update(schema.menus).set({ allowedRoleIds: [] }).where(eq(schema.menus.slug, "warranty-policies"));
  });
});

describe("attachments, groups and the save-the-date tab", () => {
  it("lists groups as folders, their child view, and the old flat list", async () => {
    const db = t.db();
    const [g1] = await db
      .insert(schema.attachmentGroups)
      .values({ name: "Brochures", colorCode: "#ff0000" })
      .returning();
    const [g2] = await db.insert(schema.attachmentGroups).values({ name: "Archive", status: "inactive" }).returning();
    const add = (body: Record<string, unknown>) =>
      call(storeAttachment, "/api/v1/store_attachment", {
        method: "POST",
        token: who.admin.token,
        body: { attachSlug: "documents", upload_type: "url", attachURL: "https://example.com", ...body },
      });
    expect((await add({ attachTitle: "Brochure A", selected_group: g1.id })).status).toBe(200);
    expect((await add({ attachTitle: "Brochure B", selected_group: { value: g1.id, text: "Brochures" } })).status).toBe(
      200,
    );
    const inactive = await add({ attachTitle: "Old", selected_group: g2.id });
    expect(inactive.status).toBe(422);
    expect(inactive.json.message).toBe("The selected group is not available.");
    const prices = await up("Prices.pdf", { kind: "attachment" });
    const file = await add({
      attachTitle: "Price list 2026",
      upload_type: "file",
      attachURL: "",
      attachPath: [prices],
      attachSize: [10],
      attachType: ["application/pdf"],
    });
    expect(file.status).toBe(200);

    const top = await call(displayAttachments, "/api/v1/display_sales_attachment/0?slug=documents", {
      token: who.staff.token,
      params: { group_id: "0" },
    });
    expect(top.status).toBe(200);
    expect(top.json.content).toMatchObject({ is_group: false, group_id: 0, per_page: 12 });
    expect(top.json.content.data[0]).toMatchObject({ is_group: 1, group_id: g1.id, group_name: "Brochures", count: 2 });
    expect(top.json.content.data.some((d: { title?: string }) => d.title === "Brochure A")).toBe(false);
    const priceList = top.json.content.data.find((d: { title?: string }) => d.title === "Price list 2026");
    expect(priceList).toMatchObject({
      upload_type: "file",
      url: null,
      documents: [expect.objectContaining({ document_name: "Prices.pdf" })],
    });

    const child = await call(
      displayAttachments,
      `/api/v1/display_sales_attachment/${g1.id}?slug=documents&sort=oldest`,
      { token: who.staff.token, params: { group_id: String(g1.id) } },
    );
    expect(child.json.content).toMatchObject({
      is_group: true,
      group_id: g1.id,
      group_name: "Brochures",
      total_rows: 2,
    });
    expect(child.json.content.data.map((d: { title: string }) => d.title)).toEqual(["Brochure A", "Brochure B"]);
    expect(child.json.content.data[0].selectedGroup).toEqual({ value: g1.id, text: "Brochures" });
    const childAz = await call(
      displayAttachments,
      `/api/v1/display_sales_attachment/${g1.id}?slug=documents&sort=a-z`,
      { token: who.staff.token, params: { group_id: String(g1.id) } },
    );
    expect(childAz.status).toBe(422);
    const missing = await call(displayAttachments, "/api/v1/display_sales_attachment/999999?slug=documents", {
      token: who.staff.token,
      params: { group_id: "999999" },
    });
    expect(missing.status).toBe(404);

    const search = await call(
      displayAttachments,
      "/api/v1/display_sales_attachment/0?slug=documents&filter=brochure%20b",
      { token: who.staff.token, params: { group_id: "0" } },
    );
    expect(search.json.content.data.map((d: { group_name?: string }) => d.group_name)).toEqual(["Brochures"]);

    const old = await call(displayAttachmentsOld, "/api/v1/display_sales_attachment_old?slug=documents", {
      token: who.staff.token,
    });
    expect(old.json.content.attachments.map((d: { title: string }) => d.title)).toEqual(
      expect.arrayContaining(["Brochure A", "Brochure B", "Price list 2026"]),
    );

    const grouped = child.json.content.data[0].id;
    const pinGrouped = await call(pin, "/api/v1/pin/unpin/salesdata", {
      method: "POST",
      token: who.admin.token,
      body: { salesId: grouped, salest_type: "attachment", type: "Pin" },
    });
    expect(pinGrouped.status).toBe(422);

    const groups = await call(groupList, "/api/v1/attachment_group_list?id=0&status=active", {
      token: who.staff.token,
    });
    expect(groups.json.content).toEqual([
      {
        value: g1.id,
        text: "Brochures",
        color_code: "#ff0000",
        color_code_obj: { hex: "#ff0000", hex8: "#ff0000ff" },
        status: "active",
      },
    ]);
    const one = await call(groupList, `/api/v1/attachment_group_list?id=${g2.id}`, { token: who.staff.token });
    expect(one.json.content).toHaveLength(1);

    const edit = await call(getDocument, `/api/v1/get_document?slug=documents&id=${grouped}`, {
      token: who.admin.token,
    });
    expect(edit.json.content).toMatchObject({
      title: "Brochure A",
      upload_type: "url",
      url: "https://example.com",
      selectedGroup: { value: g1.id, text: "Brochures" },
    });

    const del = await call(deleteSales, "/api/v1/delete_sales_data", {
      method: "DELETE",
      token: who.admin.token,
      body: { salesId: file.json.content.id, salest_type: "attachment" },
    });
    expect(del.json).toMatchObject({ code: 200, message: "Attachment Delete successfully" });
    const docs = await db
      .select()
      .from(schema.contentDocuments)
      .where(eq(schema.contentDocuments.attachmentId, file.json.content.id));
    expect(docs).toEqual([]);
    expect(await fileRow(db, prices)).toBeNull();
  });

  it("stores, lists, edits and deletes save-the-date entries", async () => {
    const flyer = await up("Flyer.pdf", { kind: "document" });
    const res = await call(storeEvent, "/api/v1/store_event", {
      method: "POST",
      token: who.admin.token,
      body: {
        slug: "documents",
        title: "Open house",
        description: "Bring a friend",
        eventDate: "07/04/2026",
        imagePath: [flyer],
        imageSize: [10],
        imageType: ["application/pdf"],
      },
    });
    expect(res.json.message).toBe("Date Added successfully");
    const id = res.json.content.id;
    const list = await call(displaySaveDates, "/api/v1/display_save_date_post?slug=documents", {
      token: who.staff.token,
    });
    expect(list.json.content.saveTheDateData[0]).toMatchObject({
      id,
      title: "Open house",
      event_date: "2026-07-04",
      eventDate: "07/04/2026",
      eventDateSplit: "04",
      eventDateMonthName: "July",
      documents: [expect.objectContaining({ document_path: flyer, document_name: "Flyer.pdf" })],
    });
    const ev = await call(getEvent, `/api/v1/get_event?slug=documents&id=${id}`, { token: who.admin.token });
    expect(ev.json.content).toMatchObject({
      title: "Open house",
      eventDate: "07/04/2026",
      imageURL: [expect.objectContaining({ url: flyer })],
    });
    const del = await call(deleteSaveDate, "/api/v1/delete_save_date_data", {
      method: "DELETE",
      token: who.admin.token,
      body: { eventId: id },
    });
    expect(del.json).toMatchObject({
      code: 200,
      message: "Deleted",
      content: "You successfully deleted the record(s).",
    });
    const gone = await call(deleteSaveDate, "/api/v1/delete_save_date_data", {
      method: "DELETE",
      token: who.admin.token,
      body: { eventId: id },
    });
    expect(gone.status).toBe(404);
    expect(await fileRow(t.db(), flyer)).toBeNull();
  });

  it("stores a comment and shows it on the post detail", async () => {
    const id = await newPost("company-news", "With comments");
    const res = await call(storeComment, "/api/v1/store_comment", {
      method: "POST",
      token: who.admin.token,
      body: { comment: "Great news", sales_id: id },
    });
    expect(res.json.message).toBe("Comment Added successfully");
    const d = await call(details, `/api/v1/display_sales_details?slug=company-news&id=${id}`, {
      token: who.staff.token,
    });
    expect(d.json.content.comments).toEqual([
      expect.objectContaining({ comment: "Great news", created_name: "Alex Admin" }),
    ]);
  });

  it("deletes a discussion with its documents and comments", async () => {
    const attached = await up("to-delete.pdf");
    const id = await newPost("company-news", "To delete", {
      imagePath: [attached],
      imageSize: [1],
      imageType: ["pdf"],
    });
    await call(storeComment, "/api/v1/store_comment", {
      method: "POST",
      token: who.admin.token,
      body: { comment: "bye", sales_id: id },
    });
    const res = await call(deleteSales, "/api/v1/delete_sales_data", {
      method: "DELETE",
      token: who.admin.token,
      body: { salesId: id, salest_type: "discussion" },
    });
    expect(res.json.message).toBe("Discussion Delete successfully");
    expect(await t.db().select().from(schema.contentDocuments).where(eq(schema.contentDocuments.postId, id))).toEqual(
      [],
    );
    expect(await t.db().select().from(schema.comments).where(eq(schema.comments.postId, id))).toEqual([]);
    expect(await fileRow(t.db(), attached)).toBeNull();
    const [audit] = await t
      .db()
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.action, "delete"), eq(schema.auditLog.entityId, String(id))));
    expect(audit).toMatchObject({ entity: "post", entityId: String(id), actorId: who.admin.user.id });
    expect(audit.before).toMatchObject({ id, title: "To delete", documents: [{ path: attached }] });
    expect(await menuId(t.db(), "company-news")).toBeGreaterThan(0);
  });
});

describe("documents must be the caller's own uploads", () => {
  it("refuses another user's upload, a file attached elsewhere, a banner, and a path that was never uploaded", async () => {
    const theirs = await upload(t.db(), who.staff.user.id, "staff.pdf");
    const banner = await up("banner.png", { kind: "banner", mime: "image/png" });
    const used = await up("used.pdf");
    await newPost("company-news", "Owner of used.pdf", { imagePath: [used], imageSize: [1], imageType: ["pdf"] });
    const cases = [theirs, banner, used, "post/2026/01/00000000-0000-4000-8000-000000000000.pdf"];
    for (const path of cases) {
      const before = await contentCounts(t.db());
      const res = await call(storePost, "/api/v1/store_post", {
        method: "POST",
        token: who.admin.token,
        body: { slug: "company-news", title: "Borrowed file", imagePath: [path], imageSize: [1], imageType: ["pdf"] },
      });
      expect(res.status, path).toBe(422);
      expect(res.json).toMatchObject({ message: "File not found.", content: { imagePath: ["File not found."] } });
      expect(await contentCounts(t.db())).toEqual(before);
    }
    expect(await fileRow(t.db(), theirs)).toMatchObject({ status: "temporary" });
  });

  it("uploads through store_document and saves the post with that path", async () => {
    const { uploadRequest, PDF } = await import("@/test/files/helpers");
    const { storeDocument } = await import("@/lib/files/api");
    const req = uploadRequest("/api/v1/store_document?kind=post", {
      token: who.admin.token,
      parts: [{ name: "Manual.pdf", type: "application/pdf", data: PDF }],
    });
    const stored = await callRoute(storeDocument, req);
    expect(stored.status, JSON.stringify(stored.json)).toBe(200);
    const path = stored.json.content as string;
    const id = await newPost("company-news", "With a real upload", {
      imagePath: [path],
      imageSize: [1],
      imageType: ["pdf"],
    });
    const d = await call(details, `/api/v1/display_sales_details?slug=company-news&id=${id}`, {
      token: who.staff.token,
    });
    expect(d.json.content.documents).toEqual([
      expect.objectContaining({ document_path: path, document_name: "Manual.pdf", size: PDF.length }),
    ]);
  });
});
