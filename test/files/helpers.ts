import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { NextRequest } from "next/server";
import { setStorageForTesting } from "@/lib/storage";
import { LocalDriver } from "@/lib/storage/local";

/** A 1x1 PNG. */
export const PNG_1X1 = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);
/** The start of a Windows PE executable. */
export const EXE_HEAD = Buffer.concat([
  Buffer.from("MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff", "latin1"),
  Buffer.alloc(200),
]);
export const PDF = Buffer.from("%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n");

/** A PNG of `bytes` bytes: a real header (800 x 200) followed by filler. */
export function bigPng(bytes: number): Buffer {
  const head = Buffer.from(PNG_1X1);
  head.writeUInt32BE(800, 16);
  head.writeUInt32BE(200, 20);
  const out = Buffer.alloc(bytes);
  head.copy(out);
  return out;
}

/** Installs local storage in a private temporary folder for the test file. */
export function setupTempStorage(): { root: () => string; driver: () => LocalDriver; files: () => string[] } {
  let root = "";
  let driver: LocalDriver;
  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "portal-files-"));
    driver = new LocalDriver(root);
    setStorageForTesting(driver);
  });
  afterAll(() => {
    setStorageForTesting(undefined);
    fs.rmSync(root, { recursive: true, force: true });
  });
  const list = (dir: string): string[] =>
    fs.existsSync(dir)
      ? fs
          .readdirSync(dir, { withFileTypes: true })
          .flatMap((e) => (e.isDirectory() ? list(path.join(dir, e.name)) : [path.join(dir, e.name)]))
      : [];
  return { root: () => root, driver: () => driver, files: () => list(root) };
}

export type Part = {
  field?: string;
  name: string;
  type?: string;
  data: Buffer;
  /** A ready-made filename parameter (e.g. RFC 5987 `filename*=`). */ filenameParam?: string;
};

const BOUNDARY = "----portaltestboundary7MA4YWxkTrZu0gW";

function partHeader(p: Part): Buffer {
  const name = p.name.replace(/"/g, "%22");
  return Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${p.field ?? "file"}"; ${p.filenameParam ?? `filename="${name}"`}\r\nContent-Type: ${p.type ?? "application/octet-stream"}\r\n\r\n`,
    "utf8",
  );
}

/** The raw multipart body for `parts` (and plain fields). */
export function multipartBody(parts: Part[], fields: Record<string, string> = {}): Buffer {
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const p of parts) chunks.push(partHeader(p), p.data, Buffer.from("\r\n"));
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

/**
 * A POST whose body is a ReadableStream fed in 64 KB chunks. `cutAfter` makes the stream fail after
 * that many bytes (a client that went away); `truncateAfter` ends it cleanly there (a cut connection).
 */
export function uploadRequest(
  url: string,
  init: {
    token?: string;
    parts: Part[];
    fields?: Record<string, string>;
    cutAfter?: number;
    truncateAfter?: number;
    headers?: Record<string, string>;
  },
): NextRequest {
  const body = multipartBody(init.parts, init.fields);
  let offset = 0;
  const limit = init.cutAfter ?? init.truncateAfter ?? body.length;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= limit) {
        if (init.cutAfter !== undefined) controller.error(new Error("client went away"));
        else controller.close();
        return;
      }
      const end = Math.min(offset + 64 * 1024, limit);
      controller.enqueue(new Uint8Array(body.subarray(offset, end)));
      offset = end;
    },
  });
  const headers = new Headers(init.headers);
  headers.set("content-type", `multipart/form-data; boundary=${BOUNDARY}`);
  if (init.cutAfter === undefined && init.truncateAfter === undefined)
    headers.set("content-length", String(body.length));
  if (init.token) headers.set("authorization", `Bearer ${init.token}`);
  return new NextRequest(new URL(url, "http://localhost"), {
    method: "POST",
    headers,
    body: stream,
    duplex: "half",
  } as ConstructorParameters<typeof NextRequest>[1]);
}

export type NodeAnswer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/**
 * Mounts a Pages Router API route's Node handler on a real http server on 127.0.0.1 for the test
 * file (as `next start` calls it), and fetches from it with Node's http client.
 */
export function setupNodeRouteServer(route: (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>) {
  let server: http.Server;
  let port = 0;
  beforeAll(async () => {
    server = http.createServer((req, res) => void route(req, res));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });
  /** GETs (or HEADs) a path or URL on the test server; only its path and query are used. */
  function request(url: string, init: { headers?: Record<string, string>; method?: string } = {}): Promise<NodeAnswer> {
    const u = new URL(url, "http://localhost");
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: "127.0.0.1",
          port,
          path: u.pathname + u.search,
          method: init.method ?? "GET",
          headers: init.headers,
          agent: false,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
          res.on("error", reject);
        },
      );
      req.on("error", reject);
      req.end();
    });
  }
  return { request, port: () => port };
}
