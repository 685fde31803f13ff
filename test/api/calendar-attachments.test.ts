import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { eq, inArray } from "drizzle-orm";
import { schema } from "@/lib/db";
import { apiRequest, callRoute, tokenFor, setupTestDatabase } from "@/test/db";
import { PDF, PNG_1X1, uploadRequest, setupTempStorage } from "@/test/files/helpers";
import { storeDocument } from "@/lib/files/api";
import { POST as addUpdateEvent } from "@/app/api/v1/addupdateevent/route";
import { GET as getEvent } from "@/app/api/v1/getevent/route";
import { DELETE as deleteEventsRoute } from "@/app/api/v1/deleteevents/route";
import { GET as downloadAttachment } from "@/app/api/v1/downloadattachment/route";
import { GET as zipRoute } from "@/app/api/zip/route";
import type { ApiEventDetail } from "@/lib/calendar/types";

const t = setupTestDatabase();
const storage = setupTempStorage();

async function upload(token: string, name: string, data: Buffer): Promise<string> {
  const { status, json } = await callRoute(
    storeDocument,
    uploadRequest("/api/v1/store_document?kind=event", { token, parts: [{ name, data }] }),
  );
  expect(status).toBe(200);
  return json.content;
}

async function keyId() {
  const [key] = await t.db().select().from(schema.calendarKeys).limit(1);
  return key.id;
}

async function save(token: string, body: Record<string, unknown>) {
  return callRoute(
    addUpdateEvent,
    apiRequest("/api/v1/addupdateevent", {
      method: "POST",
      token,
      body: {
        colorcode: await keyId(),
        title: "With files",
        startDate: "2026-05-04 09:00:00",
        endDate: "2026-05-04 10:00:00",
        type: "normal",
        ...body,
      },
    }),
  );
}

async function eventByTitle(title: string) {
  const [row] = await t.db().select().from(schema.calendarEvents).where(eq(schema.calendarEvents.title, title));
  return row;
}

async function detail(token: string, id: number): Promise<ApiEventDetail> {
  const { json } = await callRoute(getEvent, apiRequest(`/api/v1/getevent?id=${id}`, { token }));
  return json.content.events[0];
}

const fileRows = (keys: string[]) => t.db().select().from(schema.files).where(inArray(schema.files.storageKey, keys));

describe("event attachments", () => {
  it("attaches uploads in order, lists them with links, and replaces them on edit", async () => {
    const manager = await tokenFor(t.db(), "manager");
    const pdf = await upload(manager, "agenda.pdf", PDF);
    const png = await upload(manager, "map.png", PNG_1X1);
    const res = await save(manager, {
      title: "Files event",
      imagePath: [png, pdf],
      imageSize: [1, 2],
      imageType: ["image/png", "application/pdf"],
    });
    expect(res.status).toBe(200);
    const ev = await eventByTitle("Files event");
    expect((await fileRows([pdf, png])).map((f) => f.status)).toEqual(["attached", "attached"]);

    const d = await detail(await tokenFor(t.db(), "staff"), ev.id);
    expect(d.attachments.map((a) => [a.document_name, a.doc_extension, a.document_path])).toEqual([
      ["map.png", "png", png],
      ["agenda.pdf", "pdf", pdf],
    ]);
    expect(d.attachments[0].thumb_url).toMatch(/^\/api\/files\//);
    expect(d.attachments[1].thumb_url).toBeNull();
    expect(d.attachments[1].url).toContain("/api/files/");
    expect(d.attachments[1].size).toBe(PDF.length);

    // Edit: keep the PDF (sent back), drop the picture, add a new upload.
    const notes = await upload(manager, "notes.pdf", PDF);
    const edit = await save(manager, { id: ev.id, title: "Files event", imagePath: [pdf, notes] });
    expect(edit.status).toBe(200);
    expect((await detail(manager, ev.id)).attachments.map((a) => a.document_name)).toEqual(["agenda.pdf", "notes.pdf"]);
    expect(await fileRows([png])).toHaveLength(0);
    expect(storage.files().some((f) => f.endsWith(png.split("/").pop()!))).toBe(false);
  });

  it("refuses another user's upload and another event's file under imagePath, writing nothing", async () => {
    const manager = await tokenFor(t.db(), "manager");
    const admin = await tokenFor(t.db(), "admin");
    const theirs = await upload(manager, "theirs.pdf", PDF);
    const before = await t.db().select().from(schema.calendarEvents);
    const res = await save(admin, { title: "Borrowing", imagePath: [theirs] });
    expect(res.status).toBe(422);
    expect(res.json.content.imagePath).toEqual(["File not found."]);

    await save(manager, { title: "Owner event", imagePath: [theirs] });
    const other = await save(admin, { title: "Borrowing again", imagePath: [theirs] });
    expect(other.status).toBe(422);
    expect(await t.db().select().from(schema.calendarEvents)).toHaveLength(before.length + 1);
    const bad = await save(admin, { title: "Bad path", imagePath: ["../../etc/passwd"] });
    expect(bad.status).toBe(422);
    expect(bad.json.content.imagePath).toBeDefined();
  });

  it("Download All: a signed zip link of the event's files; inactive events hidden from role 3", async () => {
    const manager = await tokenFor(t.db(), "manager");
    const staff = await tokenFor(t.db(), "staff");
    const a = await upload(manager, "report.pdf", PDF);
    const b = await upload(manager, "report.pdf", PDF);
    await save(manager, { title: "Zip event", imagePath: [a, b] });
    const ev = await eventByTitle("Zip event");
    const { status, json } = await callRoute(
      downloadAttachment,
      apiRequest(`/api/v1/downloadattachment?id=${ev.id}`, { token: staff }),
    );
    expect(status).toBe(200);
    expect(json.content.zip_file).toMatch(/\/api\/zip\?/);
    const zip = await zipRoute(new NextRequest(new URL(json.content.zip_file, "http://localhost")));
    expect(zip.status).toBe(200);
    expect(zip.headers.get("content-type")).toBe("application/zip");
    const bytes = Buffer.from(await zip.arrayBuffer());
    expect(bytes.subarray(0, 2).toString("latin1")).toBe("PK");
    expect(bytes.includes(Buffer.from("report.pdf"))).toBe(true);
    expect(bytes.includes(Buffer.from("report (2).pdf"))).toBe(true);

    const none = await save(manager, { title: "No files" });
    expect(none.status).toBe(200);
    const empty = await callRoute(
      downloadAttachment,
      apiRequest(`/api/v1/downloadattachment?id=${(await eventByTitle("No files")).id}`, { token: staff }),
    );
    expect(empty.status).toBe(404);

    await save(manager, { id: ev.id, title: "Zip event", status: "inactive", imagePath: [a, b] });
    expect(
      (await callRoute(downloadAttachment, apiRequest(`/api/v1/downloadattachment?id=${ev.id}`, { token: staff })))
        .status,
    ).toBe(404);
    expect(
      (await callRoute(downloadAttachment, apiRequest(`/api/v1/downloadattachment?id=${ev.id}`, { token: manager })))
        .status,
    ).toBe(200);
  });

  it("deleting an event deletes its files, rows and bytes", async () => {
    const manager = await tokenFor(t.db(), "manager");
    const k = await upload(manager, "gone.pdf", PDF);
    await save(manager, { title: "Doomed with files", imagePath: [k] });
    const ev = await eventByTitle("Doomed with files");
    const res = await callRoute(
      deleteEventsRoute,
      apiRequest("/api/v1/deleteevents", { method: "DELETE", token: manager, body: { deleteArr: [ev.id] } }),
    );
    expect(res.status).toBe(200);
    expect(await fileRows([k])).toHaveLength(0);
    expect(storage.files().some((f) => fs.existsSync(f) && f.endsWith(k.split("/").pop()!))).toBe(false);
  });
});

describe("files belong to their record", () => {
  it("getsignedurlpath gives a link to an inactive event's attachment only to those who may see the event", async () => {
    const { GET: signedUrlPath } = await import("@/app/api/v1/getsignedurlpath/route");
    const manager = await tokenFor(t.db(), "manager");
    const staff = await tokenFor(t.db(), "staff");
    const pdf = await upload(manager, "hidden.pdf", PDF);
    expect(
      (await save(manager, { title: "Hidden event", imagePath: [pdf], imageSize: [1], imageType: ["application/pdf"] }))
        .status,
    ).toBe(200);
    const ev = await eventByTitle("Hidden event");
    const link = (token: string) =>
      callRoute(signedUrlPath, apiRequest(`/api/v1/getsignedurlpath?file=${encodeURIComponent(pdf)}`, { token }));
    expect((await link(staff)).status).toBe(200);

    await t.db().update(schema.calendarEvents).set({ status: "inactive" }).where(eq(schema.calendarEvents.id, ev.id));
    expect((await callRoute(getEvent, apiRequest(`/api/v1/getevent?id=${ev.id}`, { token: staff }))).status).toBe(404);
    const refused = await link(staff);
    expect(refused.status).toBe(404);
    expect(refused.json.message).toBe("File not found.");
    expect((await link(manager)).status).toBe(200);
  });

  it("a document of a post on a menu page the role may not open gets no link", async () => {
    const { GET: signedUrlPath } = await import("@/app/api/v1/getsignedurlpath/route");
    const admin = await tokenFor(t.db(), "admin");
    const staff = await tokenFor(t.db(), "staff");
    const { POST: storePost } = await import("@/app/api/v1/store_post/route");
    const { status, json } = await callRoute(
      storeDocument,
      uploadRequest("/api/v1/store_document?kind=post", { token: admin, parts: [{ name: "secret.pdf", data: PDF }] }),
    );
    expect(status).toBe(200);
    const key = json.content as string;
    const saved = await callRoute(
      storePost,
      apiRequest("/api/v1/store_post", {
        method: "POST",
        token: admin,
        body: {
          slug: "company-news",
          title: "Managers only",
          description: "",
          imagePath: [key],
          imageSize: [1],
          imageType: ["pdf"],
        },
      }),
    );
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    const link = () =>
      callRoute(
        signedUrlPath,
        apiRequest(`/api/v1/getsignedurlpath?file=${encodeURIComponent(key)}`, { token: staff }),
      );
    expect((await link()).status).toBe(200);
    // The menu page is closed to staff: its documents are too.
    const [menu] = await t.db().select().from(schema.menus).where(eq(schema.menus.slug, "company-news"));
    await t
      .db()
      .update(schema.menus)
      .set({ allowedRoleIds: [1, 2] })
      .where(eq(schema.menus.id, menu.id));
    try {
      expect((await link()).status).toBe(404);
      expect(
        (
          await callRoute(
            signedUrlPath,
            apiRequest(`/api/v1/getsignedurlpath?file=${encodeURIComponent(key)}`, { token: admin }),
          )
        ).status,
      ).toBe(200);
    } finally {
      await t.db().update(schema.menus).set({ allowedRoleIds: [] }).where(eq(schema.menus.id, menu.id));
    }
  });
});
