import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiCallError, callV1 } from "./client";

afterEach(() => vi.unstubAllGlobals());

function answer(body: ReadableStream<Uint8Array> | string, status = 200) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(body, { status, headers: { "content-type": "application/json" } })),
  );
}

describe("callV1", () => {
  it("returns the envelope's content", async () => {
    answer(JSON.stringify({ status: true, message: "", content: { a: 1 } }));
    await expect(callV1("/api/v1/x")).resolves.toEqual({ a: 1 });
  });

  it("an abort that lands while the body is read is passed on as an abort, not a failed request", async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"status":true,'));
        controller.error(new DOMException("The operation was aborted.", "AbortError"));
      },
    });
    answer(body);
    const err = await callV1("/api/v1/x").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DOMException);
    expect((err as DOMException).name).toBe("AbortError");
  });

  it("a body that is not JSON is a failed request with its status", async () => {
    answer("<html>", 502);
    const err = await callV1("/api/v1/x").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiCallError);
    expect((err as ApiCallError).message).toBe("Request failed (502).");
  });
});
