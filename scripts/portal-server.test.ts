import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refuseUnofferedMethod } from "./portal-server.mjs";

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
