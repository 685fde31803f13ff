import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refuseUnofferedMethod, requestFaults, serveWatchingFaults } from "./portal-server.mjs";

/** A server with the gate in front of a stand-in for Next's handler, which records what reached it. */
let server: http.Server;
let port = 0;
const reached: string[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (refuseUnofferedMethod(req, res)) return;
    reached.push(`${req.method} ${req.url}`);
    res.end("next");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function send(method: string, path: string, body?: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, method, path, agent: false }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (text += c));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

describe("methods no route offers are a 405 before Next (issue 31)", () => {
  it.each(["TRACE", "PROPFIND", "MKCOL", "LOCK", "PURGE"])("%s: 405, never reaching Next", async (method) => {
    reached.length = 0;
    const page = await send(method, "/company-news", "x");
    expect(page.status).toBe(405);
    expect(page.headers.allow).toBe("GET, HEAD, POST");
    expect(page.body).toBe("Method not allowed.\n");
    const api = await send(method, "/api/v1/get_first_menu");
    expect(api.status).toBe(405);
    expect(api.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(api.body)).toEqual({ code: 405, status: "error", message: "Method not allowed.", content: null });
    expect(reached).toEqual([]);
  });

  it.each(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"])(
    "%s goes on to Next (routes decide)",
    async (method) => {
      reached.length = 0;
      expect((await send(method, "/api/v1/x")).status).toBe(200);
      expect(reached).toEqual([`${method} /api/v1/x`]);
    },
  );
});

describe("issue 44.1: a page that failed because the database could not answer is a 503, not Next's 500", () => {
  /** A server whose stand-in for Next answers `status`, after noting a database failure when asked to. */
  async function serve(status: number, databaseFailed: boolean, implicit = false) {
    const one = http.createServer((req, res) =>
      serveWatchingFaults(req, res, async (_req, answer) => {
        await new Promise((r) => setTimeout(r, 5)); // later in the request, as Next's rendering is
        if (databaseFailed) requestFaults.getStore()!.databaseUnavailable = true;
        answer.statusCode = status;
        if (implicit) answer.end("page");
        else {
          answer.writeHead(status, "Internal Server Error", { "content-type": "text/html" });
          answer.end("page");
        }
      }),
    );
    await new Promise<void>((resolve) => one.listen(0, "127.0.0.1", resolve));
    const at = (one.address() as AddressInfo).port;
    const res = await fetch(`http://127.0.0.1:${at}/company-news`);
    await res.text();
    await new Promise<void>((resolve) => one.close(() => resolve()));
    return res;
  }

  it.each([false, true])("500 after a database failure: 503 with Retry-After (implicit head: %s)", async (implicit) => {
    const res = await serve(500, true, implicit);
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("5");
  });

  it("a 500 of anything else stays a 500; a page that answered despite a failure keeps its status", async () => {
    const other = await serve(500, false);
    expect(other.status).toBe(500);
    expect(other.headers.get("retry-after")).toBeNull();
    expect((await serve(200, true)).status).toBe(200);
  });

  it("each request has its own store: a failure of one is not another's", async () => {
    const seen: boolean[] = [];
    await Promise.all(
      [true, false].map((failed) =>
        serveWatchingFaults(
          {} as http.IncomingMessage,
          { writeHead() {} } as unknown as http.ServerResponse,
          async () => {
            if (failed) requestFaults.getStore()!.databaseUnavailable = true;
            await new Promise((r) => setTimeout(r, 10));
            seen.push(requestFaults.getStore()!.databaseUnavailable);
          },
        ),
      ),
    );
    expect(seen.sort()).toEqual([false, true]);
  });
});
