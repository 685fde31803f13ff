/**
 * The upload calls as the server runs them: Pages Router API routes (pages/api/v1/*.ts) that read the
 * raw Node request stream, here mounted on a real http server on 127.0.0.1. The other upload tests call
 * the same handlers with web Requests; these prove the raw-stream path: bytes, the envelope, access,
 * limits while streaming, and a client that goes away mid-upload.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Envelope } from "@/lib/api/envelope";
import { schema } from "@/lib/db";
import { tokenFor, setupTestDatabase } from "@/test/db";
import storeDocumentRoute, { config as storeDocumentConfig } from "@/pages/api/v1/store_document";
import storeBannerRoute, { config as storeBannerConfig } from "@/pages/api/v1/store_media_banner";
import { bigPng, multipartBody, PDF, PNG_1X1, setupTempStorage, type Part } from "./helpers";

const t = setupTestDatabase();
const storage = setupTempStorage();
const MB = 1024 * 1024;
const BOUNDARY = "----portaltestboundary7MA4YWxkTrZu0gW";

let server: http.Server;
let port = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const route = req.url!.startsWith("/api/v1/store_media_banner") ? storeBannerRoute : storeDocumentRoute;
    void route(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

/** POSTs a multipart body in 64 KB writes; `chunked` leaves out Content-Length. */
function post(
  url: string,
  init: { token?: string; parts: Part[]; chunked?: boolean; method?: string },
): Promise<{ status: number; json: Envelope<string> }> {
  const body = multipartBody(init.parts);
  const headers: Record<string, string | number> = { "content-type": `multipart/form-data; boundary=${BOUNDARY}` };
  if (!init.chunked) headers["content-length"] = body.length;
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port, path: url, method: init.method ?? "POST", headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString();
          resolve({ status: res.statusCode!, json: text ? JSON.parse(text) : null });
        });
      },
    );
    req.on("error", reject);
    for (let i = 0; i < body.length; i += 64 * 1024) req.write(body.subarray(i, i + 64 * 1024));
    req.end();
  });
}

async function expectNothingLeft() {
  // The server side finishes its cleanup after the client has its answer (or went away).
  await expect.poll(async () => (await t.db().select().from(schema.files)).length, { timeout: 5000 }).toBe(0);
  await expect.poll(() => storage.files(), { timeout: 5000 }).toEqual([]);
}

describe("upload routes on the raw request stream (pages/api/v1)", () => {
  it("turn off Next's body parser, so the body reaches the handler as a stream", () => {
    expect(storeDocumentConfig).toEqual({ api: { bodyParser: false } });
    expect(storeBannerConfig).toEqual({ api: { bodyParser: false } });
  });

  it("stores a 5 MB file byte for byte and answers its path in the v1 envelope", async () => {
    const token = await tokenFor(t.db(), "admin");
    const data = Buffer.concat([PDF, crypto.randomBytes(5 * MB)]);
    const { status, json } = await post("/api/v1/store_document?kind=post", {
      token,
      parts: [{ name: "Manual.pdf", data }],
    });
    expect(status).toBe(200);
    expect(json).toMatchObject({ code: 200, status: "success", message: "success" });
    expect(json.content).toMatch(/^post\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.pdf$/);
    expect(fs.readFileSync(path.join(storage.root(), json.content)).equals(data)).toBe(true);
    const [row] = await t.db().select().from(schema.files);
    expect(row).toMatchObject({ originalName: "Manual.pdf", size: data.length, status: "temporary", kind: "post" });
    await t.db().delete(schema.files);
    fs.rmSync(path.join(storage.root(), json.content));
  });

  it("keeps the access checks: 401 without a session, 403 for staff, 405 for other methods", async () => {
    const parts = [{ name: "a.pdf", data: PDF }];
    const anon = await post("/api/v1/store_document?kind=post", { parts });
    expect(anon.status).toBe(401);
    expect(anon.json).toMatchObject({ code: 401, status: "error" });
    const staff = await tokenFor(t.db(), "staff");
    expect((await post("/api/v1/store_document?kind=post", { token: staff, parts })).status).toBe(403);
    expect(
      (await post("/api/v1/store_media_banner", { token: staff, parts: [{ name: "a.png", data: PNG_1X1 }] })).status,
    ).toBe(403);
    const admin = await tokenFor(t.db(), "admin");
    expect((await post("/api/v1/store_document", { token: admin, parts, method: "PUT" })).status).toBe(405);
    await expectNothingLeft();
  });

  it("stops an oversize banner while it streams (413, the old portal's message) and keeps nothing", async () => {
    const token = await tokenFor(t.db(), "admin");
    const { status, json } = await post("/api/v1/store_media_banner", {
      token,
      parts: [{ name: "huge.png", data: bigPng(26 * MB) }],
      chunked: true,
    });
    expect(status).toBe(413);
    expect(json.message).toMatch(/^File is too big \(25(\.\d+)?MB\)\. Max allowed file size is 25MB$/);
    await expectNothingLeft();
  });

  it("leaves nothing when the client goes away mid-upload", async () => {
    const token = await tokenFor(t.db(), "admin");
    const body = multipartBody([{ name: "big.pdf", data: Buffer.concat([PDF, crypto.randomBytes(8 * MB)]) }]);
    const socket = net.connect(port, "127.0.0.1");
    await new Promise((r) => socket.once("connect", r));
    socket.write(
      `POST /api/v1/store_document?kind=post HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n` +
        `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    socket.write(body.subarray(0, 3 * MB));
    // Wait until the server has started storing, then cut the connection.
    await expect.poll(() => storage.files().length, { timeout: 5000 }).toBeGreaterThan(0);
    socket.destroy();
    await expectNothingLeft();
  });
});
