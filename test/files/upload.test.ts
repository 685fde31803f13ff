import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import { eq } from "drizzle-orm";
import { schema } from "@/lib/db";
import { callRoute, tokenFor, setupTestDatabase } from "@/test/db";
import { storeDocument, storeMediaBanner as storeBanner } from "@/lib/files/api";
import { POST as uploadMedia } from "@/app/api/v1/uploadmedia/route";
import { setStorageForTesting } from "@/lib/storage";
import { LocalDriver } from "@/lib/storage/local";
import { bigPng, EXE_HEAD, PDF, PNG_1X1, uploadRequest, setupTempStorage } from "./helpers";

const t = setupTestDatabase();
const storage = setupTempStorage();
const MB = 1024 * 1024;

async function fileRows() {
  return t.db().select().from(schema.files);
}

async function expectNothingLeft() {
  expect(await fileRows()).toEqual([]);
  expect(storage.files()).toEqual([]);
}

describe("POST /api/v1/store_document", () => {
  it("streams a file to storage as a temporary upload of the caller and answers its path", async () => {
    process.env.UPLOAD_CHECKSUMS = "1";
    onTestFinished(() => {
      delete process.env.UPLOAD_CHECKSUMS;
    });
    const token = await tokenFor(t.db(), "admin");
    const { status, json } = await callRoute(
      storeDocument,
      uploadRequest("/api/v1/store_document", { token, parts: [{ name: "Service Manual.pdf", data: PDF }] }),
    );
    expect(status).toBe(200);
    expect(json).toMatchObject({ code: 200, status: "success" });
    expect(json.content).toMatch(/^document\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.pdf$/);
    const [row] = await t.db().select().from(schema.files).where(eq(schema.files.storageKey, json.content));
    expect(row).toMatchObject({
      originalName: "Service Manual.pdf",
      size: PDF.length,
      mime: "application/pdf",
      status: "temporary",
      kind: "document",
    });
    expect(row.sha256).toBe(crypto.createHash("sha256").update(PDF).digest("hex"));
    expect(fs.readFileSync(path.join(storage.root(), json.content))).toEqual(PDF);
    // Clean up for the "nothing left" checks below.
    await t.db().delete(schema.files);
    fs.rmSync(path.join(storage.root(), json.content));
  });

  it("accepts up to 20 post files in one request and refuses the 21st with the old portal's message, keeping none", async () => {
    const token = await tokenFor(t.db(), "admin");
    const parts = Array.from({ length: 21 }, (_, i) => ({ name: `doc-${i}.pdf`, data: PDF }));
    const { status, json } = await callRoute(
      storeDocument,
      uploadRequest("/api/v1/store_document?kind=post", { token, parts }),
    );
    expect(status).toBe(422);
    expect(json.message).toBe("Only 20 files are allowed");
    await expectNothingLeft();

    const ok = await callRoute(
      storeDocument,
      uploadRequest("/api/v1/store_document?kind=post", { token, parts: parts.slice(0, 20) }),
    );
    expect(ok.status).toBe(200);
    expect(ok.json.content).toHaveLength(20);
    expect(await fileRows()).toHaveLength(20);
    await t.db().delete(schema.files);
    fs.rmSync(path.join(storage.root(), "post"), { recursive: true });
  });

  it("refuses a second file for a one-file kind", async () => {
    const token = await tokenFor(t.db(), "admin");
    const parts = [
      { name: "a.pdf", data: PDF },
      { name: "b.pdf", data: PDF },
    ];
    const { status, json } = await callRoute(
      storeDocument,
      uploadRequest("/api/v1/store_document?kind=attachment", { token, parts }),
    );
    expect(status).toBe(422);
    expect(json.message).toBe("You can only add one file. Please remove the current file to add another.");
    await expectNothingLeft();
  });

  it("refuses a .png that is really an executable (415) and leaves nothing", async () => {
    const token = await tokenFor(t.db(), "admin");
    for (const kind of ["post", "document"]) {
      const { status, json } = await callRoute(
        storeDocument,
        uploadRequest(`/api/v1/store_document?kind=${kind}`, {
          token,
          parts: [{ name: "holiday.png", type: "image/png", data: EXE_HEAD }],
        }),
      );
      expect(status).toBe(415);
      expect(json.message).toBe("You can't upload files of this type.");
    }
    // A .pdf that is a PE file, and an .exe by name, are refused too.
    const pdf = await callRoute(
      storeDocument,
      uploadRequest("/api/v1/store_document", { token, parts: [{ name: "invoice.pdf", data: EXE_HEAD }] }),
    );
    expect(pdf.status).toBe(415);
    const exe = await callRoute(
      storeDocument,
      uploadRequest("/api/v1/store_document", { token, parts: [{ name: "setup.exe", data: PDF }] }),
    );
    expect(exe.status).toBe(415);
    await expectNothingLeft();
  });

  it("refuses a zero-byte file with 422", async () => {
    const token = await tokenFor(t.db(), "admin");
    const { status, json } = await callRoute(
      storeDocument,
      uploadRequest("/api/v1/store_document", { token, parts: [{ name: "empty.txt", data: Buffer.alloc(0) }] }),
    );
    expect(status).toBe(422);
    expect(json.message).toBe("The file is empty.");
    await expectNothingLeft();
  });

  it("refuses a request without a file", async () => {
    const token = await tokenFor(t.db(), "admin");
    const { status, json } = await callRoute(
      storeDocument,
      uploadRequest("/api/v1/store_document", { token, parts: [], fields: { title: "x" } }),
    );
    expect(status).toBe(422);
    expect(json.message).toBe("Please upload file");
  });

  it("keeps only the last segment of a name with ../ and stores the bytes inside the storage folder", async () => {
    const token = await tokenFor(t.db(), "admin");
    const { status, json } = await callRoute(
      storeDocument,
      uploadRequest("/api/v1/store_document", { token, parts: [{ name: "../../../etc/cron.d/evil.pdf", data: PDF }] }),
    );
    expect(status).toBe(200);
    const [row] = await fileRows();
    expect(row.originalName).toBe("evil.pdf");
    const [onDisk] = storage.files();
    expect(path.relative(storage.root(), onDisk).startsWith("..")).toBe(false);
    expect(onDisk.endsWith(json.content)).toBe(true);
    await t.db().delete(schema.files);
    fs.rmSync(onDisk);
  });

  it("refuses names with NUL or other control characters, and names over 255 characters", async () => {
    const token = await tokenFor(t.db(), "admin");
    // A raw NUL breaks the part header itself; an encoded one (RFC 5987) reaches the name check.
    const raw = await callRoute(
      storeDocument,
      uploadRequest("/api/v1/store_document", { token, parts: [{ name: "report.pdf\u0000.png", data: PDF }] }),
    );
    expect(raw.status).toBe(400);
    expect(raw.json.message).toBe("The upload is not valid multipart data.");
    const nul = await callRoute(
      storeDocument,
      uploadRequest("/api/v1/store_document", {
        token,
        parts: [{ name: "", filenameParam: "filename*=UTF-8''report.pdf%00.png", data: PDF }],
      }),
    );
    expect(nul.status).toBe(422);
    expect(nul.json.message).toBe("The file name is not valid.");
    const newline = await callRoute(
      storeDocument,
      uploadRequest("/api/v1/store_document", {
        token,
        parts: [{ name: "", filenameParam: "filename*=UTF-8''a%0D%0Ab.pdf", data: PDF }],
      }),
    );
    expect(newline.status).toBe(422);
    const long = await callRoute(
      storeDocument,
      uploadRequest("/api/v1/store_document", { token, parts: [{ name: `${"a".repeat(252)}.pdf`, data: PDF }] }),
    );
    expect(long.status).toBe(422);
    expect(long.json.message).toBe("The file name may not be greater than 255 characters.");
    await expectNothingLeft();
  });

  it("keeps Unicode names as they are (NFC)", async () => {
    const token = await tokenFor(t.db(), "admin");
    const name = "Bremsen – Übersicht 報告 🚗.pdf";
    const { status } = await callRoute(
      storeDocument,
      uploadRequest("/api/v1/store_document", { token, parts: [{ name: name.normalize("NFD"), data: PDF }] }),
    );
    expect(status).toBe(200);
    const [row] = await fileRows();
    expect(row.originalName).toBe(name.normalize("NFC"));
    await t.db().delete(schema.files);
    for (const f of storage.files()) fs.rmSync(f);
  });

  it("leaves nothing when the client goes away mid-upload, or the body ends early", async () => {
    const token = await tokenFor(t.db(), "admin");
    const data = Buffer.concat([PDF, crypto.randomBytes(3 * MB)]);
    const cut = await callRoute(
      storeDocument,
      uploadRequest("/api/v1/store_document", { token, parts: [{ name: "big.pdf", data }], cutAfter: 2 * MB }),
    );
    expect(cut.status).toBe(400);
    expect(cut.json.message).toBe("The upload was interrupted. Please try again.");
    await expectNothingLeft();
    const truncated = await callRoute(
      storeDocument,
      uploadRequest("/api/v1/store_document", { token, parts: [{ name: "big.pdf", data }], truncateAfter: 2 * MB }),
    );
    expect(truncated.status).toBe(400);
    await expectNothingLeft();
  });

  it("is for content managers: staff get 403, signed-out callers 401", async () => {
    const staff = await tokenFor(t.db(), "staff");
    const res = await callRoute(
      storeDocument,
      uploadRequest("/api/v1/store_document?kind=post", { token: staff, parts: [{ name: "a.pdf", data: PDF }] }),
    );
    expect(res.status).toBe(403);
    const anon = await callRoute(
      storeDocument,
      uploadRequest("/api/v1/store_document", { parts: [{ name: "a.pdf", data: PDF }] }),
    );
    expect(anon.status).toBe(401);
    // Role 2 manages events, so it may upload event attachments but not post files.
    const manager = await tokenFor(t.db(), "manager");
    const ev = await callRoute(
      storeDocument,
      uploadRequest("/api/v1/store_document?kind=event", {
        token: manager,
        parts: [{ name: "agenda.pdf", data: PDF }],
      }),
    );
    expect(ev.status).toBe(200);
    const post = await callRoute(
      storeDocument,
      uploadRequest("/api/v1/store_document?kind=post", { token: manager, parts: [{ name: "a.pdf", data: PDF }] }),
    );
    expect(post.status).toBe(403);
    // An old client sends no kind: role 2's upload is an event attachment.
    const plain = await callRoute(
      storeDocument,
      uploadRequest("/api/v1/store_document", { token: manager, parts: [{ name: "minutes.pdf", data: PDF }] }),
    );
    expect(plain.status).toBe(200);
    expect(plain.json.content).toMatch(/^event\//);
    const staffPlain = await callRoute(
      storeDocument,
      uploadRequest("/api/v1/store_document", { token: staff, parts: [{ name: "a.pdf", data: PDF }] }),
    );
    expect(staffPlain.status).toBe(403);
    await t.db().delete(schema.files);
    for (const f of storage.files()) fs.rmSync(f);
  });

  it("refuses a body that is not multipart", async () => {
    const token = await tokenFor(t.db(), "admin");
    const req = uploadRequest("/api/v1/store_document", { token, parts: [{ name: "a.pdf", data: PDF }], headers: {} });
    req.headers.set("content-type", "application/json");
    const { status } = await callRoute(storeDocument, req);
    expect(status).toBe(415);
  });
});

describe("storage failures", () => {
  it("answers 500 without detail when the storage cannot take the file, and keeps no row", async () => {
    const token = await tokenFor(t.db(), "admin");
    setStorageForTesting(new LocalDriver("/dev/null/not-a-folder"));
    try {
      const { status, json } = await callRoute(
        storeDocument,
        uploadRequest("/api/v1/store_document", { token, parts: [{ name: "a.pdf", data: PDF }] }),
      );
      expect(status).toBe(500);
      expect(json.message).toBe("The file could not be stored. Please try again.");
      expect(await fileRows()).toEqual([]);
    } finally {
      setStorageForTesting(storage.driver());
    }
  });
});

describe("POST /api/v1/store_media_banner", () => {
  it("stores a PNG banner", async () => {
    const token = await tokenFor(t.db(), "admin");
    const { status, json } = await callRoute(
      storeBanner,
      uploadRequest("/api/v1/store_media_banner", {
        token,
        parts: [{ name: "banner.png", type: "image/png", data: PNG_1X1 }],
      }),
    );
    expect(status).toBe(200);
    expect(json.content).toMatch(/^banner\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.png$/);
    await t.db().delete(schema.files);
    for (const f of storage.files()) fs.rmSync(f);
  });

  it("refuses an oversize banner while it streams (413, the old portal's message) and keeps nothing", async () => {
    const token = await tokenFor(t.db(), "admin");
    const { status, json } = await callRoute(
      storeBanner,
      uploadRequest("/api/v1/store_media_banner", { token, parts: [{ name: "huge.png", data: bigPng(26 * MB) }] }),
    );
    expect(status).toBe(413);
    expect(json.message).toMatch(/^File is too big \(26(\.\d+)?MB\)\. Max allowed file size is 25MB$/);
    await expectNothingLeft();
    // Without a Content-Length the limit is found while streaming.
    const streamed = await callRoute(
      storeBanner,
      uploadRequest("/api/v1/store_media_banner", {
        token,
        parts: [{ name: "huge.png", data: bigPng(26 * MB) }],
        truncateAfter: 27 * MB,
      }),
    );
    expect(streamed.status).toBe(413);
    expect(streamed.json.message).toMatch(/^File is too big \(25(\.\d+)?MB\)\. Max allowed file size is 25MB$/);
    await expectNothingLeft();
  });

  it("refuses a second file, a non-image and an executable named .png", async () => {
    const token = await tokenFor(t.db(), "admin");
    const two = await callRoute(
      storeBanner,
      uploadRequest("/api/v1/store_media_banner", {
        token,
        parts: [
          { name: "a.png", data: PNG_1X1 },
          { name: "b.png", data: PNG_1X1 },
        ],
      }),
    );
    expect(two.status).toBe(422);
    expect(two.json.message).toBe("Only 1 file is allowed");
    const pdf = await callRoute(
      storeBanner,
      uploadRequest("/api/v1/store_media_banner", { token, parts: [{ name: "a.pdf", data: PDF }] }),
    );
    expect(pdf.status).toBe(415);
    expect(pdf.json.message).toBe("Invalid File Type");
    const fake = await callRoute(
      storeBanner,
      uploadRequest("/api/v1/store_media_banner", { token, parts: [{ name: "a.png", data: EXE_HEAD }] }),
    );
    expect(fake.status).toBe(415);
    const pdfAsPng = await callRoute(
      storeBanner,
      uploadRequest("/api/v1/store_media_banner", { token, parts: [{ name: "a.png", data: PDF }] }),
    );
    expect(pdfAsPng.status).toBe(415);
    await expectNothingLeft();
  });

  it("is for role 1 only", async () => {
    for (const user of ["manager", "staff"]) {
      const token = await tokenFor(t.db(), user);
      const { status } = await callRoute(
        storeBanner,
        uploadRequest("/api/v1/store_media_banner", { token, parts: [{ name: "a.png", data: PNG_1X1 }] }),
      );
      expect(status).toBe(403);
    }
    await expectNothingLeft();
  });
});

describe("POST /api/v1/uploadmedia (profile photo)", () => {
  it("lets anyone upload their photo up to 8 MB, jpg/png only", async () => {
    const token = await tokenFor(t.db(), "staff");
    const ok = await callRoute(
      uploadMedia,
      uploadRequest("/api/v1/uploadmedia", { token, parts: [{ name: "me.png", data: PNG_1X1 }] }),
    );
    expect(ok.status).toBe(200);
    await t.db().delete(schema.files);
    for (const f of storage.files()) fs.rmSync(f);
    const big = await callRoute(
      uploadMedia,
      uploadRequest("/api/v1/uploadmedia", { token, parts: [{ name: "me.png", data: bigPng(9 * MB) }] }),
    );
    expect(big.status).toBe(413);
    expect(big.json.message).toMatch(/Max allowed file size is 8MB$/);
    await expectNothingLeft();
  });
});
