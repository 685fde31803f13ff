import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { portalRequestListener, refuseUnofferedMethod, requestFaults, serveWatchingFaults } from "./portal-server.mjs";

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

describe("methods no route offers are a 405 before Next", () => {
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

describe("a page that failed because the database could not answer is a 503, not Next's 500", () => {
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

describe("a request body the client aborts halfway is one warn line, nothing at error level", () => {
  /**
   * The portal's request listener in front of a stand-in for Next's handler that reads the body as Next's
   * NodeNextRequest.stream() does (data, end and error into a web stream) and awaits it, as a server
   * action's body is read. A client sends half of a declared body, then drops the connection.
   */
  async function abortMidBody(headers: Record<string, string>) {
    const read: Promise<unknown>[] = [];
    let gotChunk: () => void = () => {};
    const chunk = new Promise<void>((resolve) => (gotChunk = resolve));
    const server = http.createServer(
      portalRequestListener((req) => {
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            req.on("data", (c: Buffer) => {
              controller.enqueue(new Uint8Array(c));
              gotChunk();
            });
            req.on("end", () => controller.close());
            req.on("error", (err) => controller.error(err));
          },
        });
        read.push(
          new Response(body).arrayBuffer().then(
            () => "read",
            (err: { code?: string; name?: string }) => `${err.name} ${err.code}`,
          ),
        );
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const uncaught: unknown[] = [];
    const onUncaught = (err: unknown) => uncaught.push(err);
    process.on("uncaughtException", onUncaught);
    process.on("unhandledRejection", onUncaught);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const socket = net.connect((server.address() as AddressInfo).port, "127.0.0.1");
      await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
      const head = Object.entries({ host: "portal.example", "content-length": "100000", ...headers })
        .map(([k, v]) => `${k}: ${v}\r\n`)
        .join("");
      socket.write(`POST /forms/leave HTTP/1.1\r\n${head}\r\n${"a".repeat(1000)}`);
      await chunk;
      socket.destroy();
      await vi.waitFor(() => expect(read).toHaveLength(1));
      const outcome = await read[0];
      await new Promise((resolve) => setTimeout(resolve, 100));
      return { outcome, warn: warn.mock.calls.map((c) => String(c[0])), error: error.mock.calls, uncaught };
    } finally {
      warn.mockRestore();
      error.mockRestore();
      process.off("uncaughtException", onUncaught);
      process.off("unhandledRejection", onUncaught);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  }

  it("one warn line naming the request id, the reader sees the abort, nothing at error level, nothing uncaught", async () => {
    const r = await abortMidBody({ "x-request-id": "req-44-2", "next-action": "abc" });
    // Named as Next's error handlers know a client that went away (they log nothing for it).
    expect(r.outcome).toBe("AbortError ECONNRESET");
    expect(r.warn).toHaveLength(1);
    expect(JSON.parse(r.warn[0])).toMatchObject({
      level: 40,
      requestId: "req-44-2",
      method: "POST",
      path: "/forms/leave",
      msg: "request body aborted by the client",
    });
    expect(r.error).toEqual([]);
    expect(r.uncaught).toEqual([]);
  });

  it("without a request id the line has none", async () => {
    const r = await abortMidBody({});
    expect(r.warn).toHaveLength(1);
    expect(JSON.parse(r.warn[0])).not.toHaveProperty("requestId");
    expect(r.error).toEqual([]);
  });
});
