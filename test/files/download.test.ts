import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { execFileSync } from "node:child_process";
import os from "node:os";
import { describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { eq } from "drizzle-orm";
import { schema } from "@/lib/db";
import { apiRequest, callRoute, tokenFor, setupTestDatabase } from "@/test/db";
import { storeDocument } from "@/lib/files/api";
import { GET as signedUrlPath } from "@/app/api/v1/getsignedurlpath/route";
import { DELETE as removeMedia } from "@/app/api/v1/removemedia/route";
import { GET as downloadAttachment } from "@/app/api/v1/downloadattachment/route";
import fileRoute, { config as fileRouteConfig } from "@/pages/api/files/[...key]";
import { GET as zipRoute } from "@/app/api/zip/route";
import { signAppFileUrl } from "@/lib/storage/signing";
import { parseRange } from "@/lib/files/serve";
import { streamZipOfFiles, zipDownloadUrl, zipEntryNames } from "@/lib/files/archive";
import { getFilesByIds } from "@/lib/files/queries";
import { sweepUploads } from "@/lib/files/sweep";
import { publicOrigin } from "@/lib/http/forwarded";
import { PDF, PNG_1X1, uploadRequest, setupNodeRouteServer, setupTempStorage } from "./helpers";

const t = setupTestDatabase();
const storage = setupTempStorage();
const server = setupNodeRouteServer(fileRoute);

async function upload(user: string, name: string, data: Buffer, kind = "document"): Promise<string> {
  const token = await tokenFor(t.db(), user);
  const { status, json } = await callRoute(
    storeDocument,
    uploadRequest(`/api/v1/store_document?kind=${kind}`, { token, parts: [{ name, data }] }),
  );
  expect(status).toBe(200);
  return json.content;
}

/** Fetches a signed URL (its path and query) from the download route on a real Node http server. */
async function fetchFile(url: string, headers: Record<string, string> = {}, method = "GET") {
  const answer = await server.request(url, { headers, method });
  const h = new Headers();
  for (const [name, value] of Object.entries(answer.headers))
    if (value !== undefined) h.set(name, Array.isArray(value) ? value.join(", ") : value);
  return { res: { status: answer.status, headers: h }, body: answer.body };
}

describe("getsignedurlpath and the signed download route", () => {
  it("builds links on the configured address, never the request's Host nor X-Forwarded-Host, even from a trusted proxy", async () => {
    const key = await upload("admin", "forwarded.pdf", PDF);
    const token = await tokenFor(t.db(), "admin");
    const headers = {
      host: "evil.example",
      "x-forwarded-host": "evil.example",
      "x-forwarded-proto": "https",
      "x-forwarded-for": "10.0.0.1",
    };
    const signed = await callRoute(
      signedUrlPath,
      apiRequest(`/api/v1/getsignedurlpath?file=${encodeURIComponent(key)}`, { token, headers }),
    );
    expect(new URL(signed.json.content.file_path).origin).toBe(publicOrigin());
    const saved = process.env.TRUST_PROXY;
    process.env.TRUST_PROXY = "10.0.0.1";
    try {
      const behindProxy = await callRoute(
        signedUrlPath,
        apiRequest(`/api/v1/getsignedurlpath?file=${encodeURIComponent(key)}`, { token, headers }),
      );
      expect(new URL(behindProxy.json.content.file_path).origin).toBe(publicOrigin());
    } finally {
      if (saved === undefined) delete process.env.TRUST_PROXY;
      else process.env.TRUST_PROXY = saved;
    }
  });

  it("hands out a short-lived link that streams the file with its original name", async () => {
    const data = Buffer.concat([PDF, crypto.randomBytes(300_000)]);
    const key = await upload("admin", "Wartung – Übersicht.pdf", data);
    const token = await tokenFor(t.db(), "admin");
    const { status, json } = await callRoute(
      signedUrlPath,
      apiRequest(`/api/v1/getsignedurlpath?file=${encodeURIComponent(key)}`, { token }),
    );
    expect(status).toBe(200);
    const url = new URL(json.content.file_path);
    expect(url.origin).toBe(publicOrigin());
    expect(Number(url.searchParams.get("e")) * 1000 - Date.now()).toBeLessThanOrEqual(6 * 60_000);

    const { res, body } = await fetchFile(json.content.file_path);
    expect(res.status).toBe(200);
    expect(body.equals(data)).toBe(true);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("accept-ranges")).toBe("bytes");
    expect(res.headers.get("content-length")).toBe(String(data.length));
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="Wartung _ Ubersicht.pdf"; filename*=UTF-8''Wartung%20%E2%80%93%20%C3%9Cbersicht.pdf`,
    );
  });

  it("answers Range requests with 206 and the right bytes, and 416 past the end", async () => {
    const data = crypto.randomBytes(2 * 1024 * 1024);
    const key = await upload("admin", "notes.bin", data);
    const url = signAppFileUrl(key, 60);
    const last = await fetchFile(url, { range: "bytes=-1048576" });
    expect(last.res.status).toBe(206);
    expect(last.res.headers.get("content-range")).toBe(`bytes 1048576-2097151/2097152`);
    expect(last.body.equals(data.subarray(1048576))).toBe(true);
    const mid = await fetchFile(url, { range: "bytes=10-19" });
    expect(mid.body.equals(data.subarray(10, 20))).toBe(true);
    const open = await fetchFile(url, { range: "bytes=2097150-" });
    expect(open.body.equals(data.subarray(2097150))).toBe(true);
    const bad = await fetchFile(url, { range: "bytes=3000000-" });
    expect(bad.res.status).toBe(416);
    expect(bad.res.headers.get("content-range")).toBe("bytes */2097152");
  });

  it("serves images inline and everything else as an attachment", async () => {
    const key = await upload("admin", "photo.png", PNG_1X1, "post");
    const { res } = await fetchFile(signAppFileUrl(key, 60));
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("content-disposition")).toMatch(/^inline; filename="photo.png"/);
  });

  it("refuses a tampered, forged or expired link with 403", async () => {
    const key = await upload("admin", "secret.pdf", PDF);
    const good = new URL(signAppFileUrl(key, 60), "http://localhost");
    const forgedSig = new URL(good);
    forgedSig.searchParams.set("s", crypto.randomBytes(32).toString("base64url"));
    expect((await fetchFile(forgedSig.toString())).res.status).toBe(403);
    const longer = new URL(good);
    longer.searchParams.set("e", String(Number(good.searchParams.get("e")) + 3600));
    expect((await fetchFile(longer.toString())).res.status).toBe(403);
    const other = await upload("admin", "other.pdf", PDF);
    const swapped = `/api/files/${other}${good.search}`;
    expect((await fetchFile(swapped)).res.status).toBe(403);
    const unsigned = `/api/files/${key}`;
    expect((await fetchFile(unsigned)).res.status).toBe(403);
    const expired = signAppFileUrl(key, 60, "", Date.now() - 3600_000);
    const r = await fetchFile(expired);
    expect(r.res.status).toBe(403);
    expect(r.body.toString()).toBe("This link has expired. Please open the file again.");
  });

  it("does not give out links to another user's temporary upload, or to paths outside storage", async () => {
    const key = await upload("admin", "draft.pdf", PDF);
    const staff = await tokenFor(t.db(), "staff");
    const res = await callRoute(
      signedUrlPath,
      apiRequest(`/api/v1/getsignedurlpath?file=${encodeURIComponent(key)}`, { token: staff }),
    );
    expect(res.status).toBe(404);
    for (const bad of ["../../etc/passwd", "/etc/passwd", "%2e%2e%2fetc%2fpasswd", `${key}/../../x`]) {
      const r = await callRoute(
        signedUrlPath,
        apiRequest(`/api/v1/getsignedurlpath?file=${encodeURIComponent(bad)}`, { token: staff }),
      );
      expect(r.status).toBe(422);
    }
    // Once attached (saved in content), any signed-in user may download it.
    await t.db().update(schema.files).set({ status: "attached" }).where(eq(schema.files.storageKey, key));
    const after = await callRoute(
      signedUrlPath,
      apiRequest(`/api/v1/getsignedurlpath?file=${encodeURIComponent(key)}`, { token: staff }),
    );
    expect(after.status).toBe(200);
  });

  it("is a deliberately public Pages Router API route with Next's body parser and response limit off", () => {
    expect(fileRoute.access).toEqual({ public: true });
    expect(fileRouteConfig).toEqual({ api: { bodyParser: false, responseLimit: false } });
  });

  it("says why a forged link fails, and keeps refusals out of caches", async () => {
    const key = await upload("admin", "forged.pdf", PDF);
    const good = new URL(signAppFileUrl(key, 60), "http://localhost");
    good.searchParams.set("s", crypto.randomBytes(32).toString("base64url"));
    const r = await fetchFile(good.toString());
    expect(r.res.status).toBe(403);
    expect(r.body.toString()).toBe("This link is not valid.");
    expect(r.res.headers.get("cache-control")).toBe("no-store");
    expect(r.res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
  });

  it("answers 404 for a path that is not a key, a key without a row, and a row whose bytes are gone", async () => {
    const notAKey = await fetchFile("/api/files/..%2F..%2Fetc%2Fpasswd?e=1&s=x");
    expect(notAKey.res.status).toBe(404);
    const unknown = `document/2025/01/${crypto.randomUUID()}.pdf`;
    expect((await fetchFile(signAppFileUrl(unknown, 60))).res.status).toBe(404);
    const key = await upload("admin", "gone.pdf", PDF);
    fs.rmSync(path.join(storage.root(), key));
    const gone = await fetchFile(signAppFileUrl(key, 60));
    expect(gone.res.status).toBe(404);
    expect(gone.body.toString()).toBe("Not found");
  });

  it("answers conditional requests: 304 for a matching ETag, the whole file when If-Range no longer matches", async () => {
    const data = crypto.randomBytes(100_000);
    const key = await upload("admin", "cached.bin", data);
    const url = signAppFileUrl(key, 60);
    const first = await fetchFile(url);
    const etag = first.res.headers.get("etag")!;
    expect(etag).toMatch(/^"[0-9a-f-]+"$/);
    expect(first.res.headers.get("last-modified")).toBeTruthy();
    expect(first.res.headers.get("cache-control")).toMatch(/^private, no-transform, max-age=\d+$/);
    expect(first.res.headers.get("content-security-policy")).toContain("sandbox");
    const notModified = await fetchFile(url, { "if-none-match": etag });
    expect(notModified.res.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    const stillSame = await fetchFile(url, { range: "bytes=0-9", "if-range": etag });
    expect(stillSame.res.status).toBe(206);
    expect(stillSame.body.equals(data.subarray(0, 10))).toBe(true);
    const changed = await fetchFile(url, { range: "bytes=0-9", "if-range": '"something-else"' });
    expect(changed.res.status).toBe(200);
    expect(changed.body.equals(data)).toBe(true);
  });

  it("answers HEAD with the headers and no body, and refuses other methods with 405", async () => {
    const data = crypto.randomBytes(50_000);
    const key = await upload("admin", "head.bin", data);
    const url = signAppFileUrl(key, 60);
    const head = await fetchFile(url, {}, "HEAD");
    expect(head.res.status).toBe(200);
    expect(head.res.headers.get("content-length")).toBe(String(data.length));
    expect(head.body.length).toBe(0);
    const headRange = await fetchFile(url, { range: "bytes=-10" }, "HEAD");
    expect(headRange.res.status).toBe(206);
    expect(headRange.res.headers.get("content-length")).toBe("10");
    const post = await fetchFile(url, {}, "POST");
    expect(post.res.status).toBe(405);
    expect(post.res.headers.get("allow")).toBe("GET, HEAD");
  });

  it("sends files of several buffers' worth whole and by range, byte for byte", async () => {
    const data = crypto.randomBytes(5 * 1024 * 1024 + 123);
    const key = await upload("admin", "several.bin", data);
    const url = signAppFileUrl(key, 60);
    const whole = await fetchFile(url);
    expect(whole.body.equals(data)).toBe(true);
    const across = await fetchFile(url, { range: "bytes=1000-4500000" });
    expect(across.res.status).toBe(206);
    expect(across.body.equals(data.subarray(1000, 4500001))).toBe(true);
  });

  it("closes the file when the client goes away mid-download", async () => {
    const data = crypto.randomBytes(48 * 1024 * 1024);
    const key = await upload("admin", "big.bin", data);
    const file = fs.realpathSync(path.join(storage.root(), key));
    const openOnFile = () =>
      fs.readdirSync("/proc/self/fd").filter((fd) => {
        try {
          return fs.readlinkSync(`/proc/self/fd/${fd}`) === file;
        } catch {
          return false;
        }
      }).length;
    const u = new URL(signAppFileUrl(key, 60), "http://localhost");
    await new Promise<void>((resolve, reject) => {
      const req = http.get(
        { host: "127.0.0.1", port: server.port(), path: u.pathname + u.search, agent: false },
        (res) => {
          expect(res.statusCode).toBe(200);
          res.once("data", () => {
            // The server is mid-stream: the file is open, and the client is gone.
            expect(openOnFile()).toBe(1);
            req.destroy();
            resolve();
          });
        },
      );
      req.on("error", (err) => ((err as NodeJS.ErrnoException).code === "ECONNRESET" ? undefined : reject(err)));
    });
    await expect.poll(openOnFile, { timeout: 5000 }).toBe(0);
  });

  it("parses byte ranges per RFC 9110", () => {
    expect(parseRange("bytes=0-9", 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange("bytes=-10", 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange("bytes=90-", 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange("bytes=90-500", 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange("bytes=100-", 100)).toBe("invalid");
    expect(parseRange("bytes=5-1", 100)).toBe("invalid");
    expect(parseRange("bytes=0-1,5-6", 100)).toBeNull();
    expect(parseRange("items=0-1", 100)).toBe("invalid");
  });
});

describe("DELETE /api/v1/removemedia", () => {
  it("removes the caller's own temporary upload, bytes and row", async () => {
    const key = await upload("manager", "agenda.pdf", PDF, "event");
    const token = await tokenFor(t.db(), "manager");
    const { status, json } = await callRoute(
      removeMedia,
      apiRequest("/api/v1/removemedia", { method: "DELETE", token, body: { filePath: key } }),
    );
    expect(status).toBe(200);
    expect(json.message).toBe("File Removed Successfully");
    expect(await t.db().select().from(schema.files).where(eq(schema.files.storageKey, key))).toEqual([]);
    expect(fs.existsSync(path.join(storage.root(), key))).toBe(false);
  });

  it("refuses another user's temporary upload (403) and keeps it; role 1 may remove any file", async () => {
    const key = await upload("manager", "agenda.pdf", PDF, "event");
    const staff = await tokenFor(t.db(), "staff");
    const res = await callRoute(
      removeMedia,
      apiRequest("/api/v1/removemedia", { method: "DELETE", token: staff, body: { filePath: key } }),
    );
    expect(res.status).toBe(403);
    expect(res.json.message).toBe("You can only remove your own uploads.");
    expect(fs.existsSync(path.join(storage.root(), key))).toBe(true);
    const admin = await tokenFor(t.db(), "admin");
    const ok = await callRoute(
      removeMedia,
      apiRequest("/api/v1/removemedia", { method: "DELETE", token: admin, body: { filePath: key } }),
    );
    expect(ok.status).toBe(200);
    expect(fs.existsSync(path.join(storage.root(), key))).toBe(false);
  });

  it("refuses paths outside storage, absolute and encoded, with 422", async () => {
    const token = await tokenFor(t.db(), "admin");
    const outside = path.join(storage.root(), "..", "keep-me.txt");
    fs.writeFileSync(outside, "x");
    try {
      for (const filePath of [
        "../keep-me.txt",
        outside,
        "%2e%2e%2fkeep-me.txt",
        "..%2Fkeep-me.txt",
        "document/2025/01/../../../keep-me.txt",
        "C:\\Windows\\win.ini",
      ]) {
        const res = await callRoute(
          removeMedia,
          apiRequest("/api/v1/removemedia", { method: "DELETE", token, body: { filePath } }),
        );
        expect(res.status).toBe(422);
        expect(res.json.message).toBe("The file path is not valid.");
      }
      expect(fs.existsSync(outside)).toBe(true);
    } finally {
      fs.rmSync(outside, { force: true });
    }
  });

  it("answers 404 for an unknown file and 422 without a path", async () => {
    const token = await tokenFor(t.db(), "admin");
    const res = await callRoute(
      removeMedia,
      apiRequest("/api/v1/removemedia", {
        method: "DELETE",
        token,
        body: { filePath: `document/2025/01/${crypto.randomUUID()}.pdf` },
      }),
    );
    expect(res.status).toBe(404);
    const none = await callRoute(removeMedia, apiRequest("/api/v1/removemedia", { method: "DELETE", token, body: {} }));
    expect(none.status).toBe(422);
  });
});

describe("sweeping abandoned uploads", () => {
  it("deletes temporaries older than a day (row and bytes), keeps newer and attached files", async () => {
    await t.db().delete(schema.files);
    const old = await upload("admin", "old.pdf", PDF);
    const fresh = await upload("admin", "fresh.pdf", PDF);
    const saved = await upload("admin", "saved.pdf", PDF);
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3600_000);
    await t.db().update(schema.files).set({ createdAt: twoDaysAgo }).where(eq(schema.files.storageKey, old));
    await t
      .db()
      .update(schema.files)
      .set({ createdAt: twoDaysAgo, status: "attached" })
      .where(eq(schema.files.storageKey, saved));
    const partial = path.join(storage.root(), "document", "2020", "01");
    fs.mkdirSync(partial, { recursive: true });
    fs.writeFileSync(path.join(partial, "x.pdf.part-abc"), "half");
    fs.utimesSync(path.join(partial, "x.pdf.part-abc"), twoDaysAgo, twoDaysAgo);

    const result = await sweepUploads();
    expect(result).toEqual({ temporary: 1, orphaned: 0, partials: 1 });
    const keys = (await t.db().select().from(schema.files)).map((r) => r.storageKey).sort();
    expect(keys).toEqual([fresh, saved].sort());
    expect(fs.existsSync(path.join(storage.root(), old))).toBe(false);
    expect(fs.existsSync(path.join(storage.root(), fresh))).toBe(true);
    expect(fs.existsSync(path.join(partial, "x.pdf.part-abc"))).toBe(false);
  });
});

describe("download all (zip)", () => {
  it("streams a zip of the files, one entry per file with unique names", async () => {
    const a = crypto.randomBytes(500_000);
    const b = Buffer.from("hello ".repeat(10_000));
    const k1 = await upload("manager", "agenda.bin", a, "event");
    const k2 = await upload("manager", "notes.txt", b, "event");
    const k3 = await upload("manager", "notes.txt", Buffer.from("second"), "event");
    const rows = await t.db().select().from(schema.files).where(eq(schema.files.kind, "event"));
    const byKey = new Map(rows.map((r) => [r.storageKey, r]));
    const ids = [k1, k2, k3].map((k) => byKey.get(k)!.id);

    const url = zipDownloadUrl({ fileIds: ids, title: "Monthly / Meeting", baseUrl: "http://localhost" });
    const res = await zipRoute(new NextRequest(url));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="Monthly Meeting.zip"/);
    const zip = Buffer.from(await res.arrayBuffer());
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "zip-"));
    try {
      fs.writeFileSync(path.join(dir, "a.zip"), zip);
      execFileSync("unzip", ["-q", "a.zip", "-d", "out"], { cwd: dir });
      expect(fs.readdirSync(path.join(dir, "out")).sort()).toEqual(["agenda.bin", "notes (2).txt", "notes.txt"]);
      expect(fs.readFileSync(path.join(dir, "out", "agenda.bin")).equals(a)).toBe(true);
      expect(fs.readFileSync(path.join(dir, "out", "notes.txt")).equals(b)).toBe(true);
      expect(fs.readFileSync(path.join(dir, "out", "notes (2).txt")).toString()).toBe("second");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }

    const tampered = new URL(url);
    tampered.searchParams.set("ids", String(ids[0]));
    expect((await zipRoute(new NextRequest(tampered))).status).toBe(403);
  });

  it("skips files whose bytes are gone and can be cancelled midway", async () => {
    const k1 = await upload("manager", "one.bin", crypto.randomBytes(3 * 1024 * 1024), "event");
    const k2 = await upload("manager", "two.bin", crypto.randomBytes(1000), "event");
    const rows = await t.db().select().from(schema.files);
    const files = await getFilesByIds({
      ids: rows.filter((r) => r.storageKey === k1 || r.storageKey === k2).map((r) => r.id),
    });
    fs.rmSync(path.join(storage.root(), k2));
    const stream = streamZipOfFiles(files);
    const reader = stream.getReader();
    const first = await reader.read();
    expect(first.done).toBe(false);
    await reader.cancel();
  });

  it("names entries uniquely", () => {
    expect(zipEntryNames(["a.pdf", "A.pdf", "a.pdf", "b", "b", "x/y.pdf"])).toEqual([
      "a.pdf",
      "A (2).pdf",
      "a (3).pdf",
      "b",
      "b (2)",
      "x_y.pdf",
    ]);
  });

  it("entries and downloads lose format characters and Windows' device names, whatever was stored", async () => {
    expect(zipEntryNames(["invoice\u202Efdp.exe", "CON", "nul.txt", "com1.tar.gz", "report. ", "Aux .pdf"])).toEqual([
      "invoicefdp.exe",
      "_CON",
      "_nul.txt",
      "_com1.tar.gz",
      "report",
      "_Aux .pdf",
    ]);
    // Rows stored before the upload rule dropped them: the download header still names the file safely.
    const key = await upload("admin", "plain.pdf", PDF);
    for (const [stored, ascii] of [
      ["invoice\u202Efdp.exe", "invoicefdp.exe"],
      ["CON.pdf", "_CON.pdf"],
      ["lpt9", "_lpt9"],
    ] as const) {
      await t.db().update(schema.files).set({ originalName: stored }).where(eq(schema.files.storageKey, key));
      const { res } = await fetchFile(signAppFileUrl(key, 60));
      const header = res.headers.get("content-disposition")!;
      expect(header, stored).toContain(`filename="${ascii}"`);
      expect(decodeURIComponent(header.split("UTF-8''")[1]), stored).toBe(ascii);
    }
  });

  it("downloadattachment answers 404 for an unknown event (the calendar's tests cover real ones)", async () => {
    const token = await tokenFor(t.db(), "staff");
    const res = await callRoute(downloadAttachment, apiRequest("/api/v1/downloadattachment?id=987654", { token }));
    expect(res.status).toBe(404);
    expect(res.json.message).toBe("Event not found.");
  });
});
