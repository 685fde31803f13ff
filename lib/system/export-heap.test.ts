import { describe, expect, it } from "vitest";
import { exportsStreaming, withTightHeap } from "./export-heap";

function chunks(n: number) {
  let i = 0;
  return new ReadableStream<Uint8Array>({
    pull(c) {
      if (i++ < n) c.enqueue(new Uint8Array([i]));
      else c.close();
    },
  });
}

describe("withTightHeap", () => {
  it("holds the export's heap factor from the first read until the stream ends, and passes the bytes on", async () => {
    const stream = withTightHeap(chunks(3));
    expect(exportsStreaming()).toBe(0);
    const reader = stream.getReader();
    const got: number[] = [];
    const first = await reader.read();
    got.push(...first.value!);
    expect(exportsStreaming()).toBe(1);
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      got.push(...value);
    }
    expect(got).toEqual([1, 2, 3]);
    expect(exportsStreaming()).toBe(0);
  });

  it("counts streams at once, and a cancelled download releases its hold", async () => {
    const a = withTightHeap(chunks(5)).getReader();
    const b = withTightHeap(chunks(5)).getReader();
    await a.read();
    await b.read();
    expect(exportsStreaming()).toBe(2);
    await a.cancel();
    expect(exportsStreaming()).toBe(1);
    await b.cancel();
    await b.cancel();
    expect(exportsStreaming()).toBe(0);
  });

  it("a source that fails releases its hold", async () => {
    let n = 0;
    const failing = new ReadableStream<Uint8Array>({
      pull(c) {
        if (n++ === 0) c.enqueue(new Uint8Array([1]));
        else c.error(new Error("database gone"));
      },
    });
    const reader = withTightHeap(failing).getReader();
    await reader.read();
    await expect(reader.read()).rejects.toThrow("database gone");
    expect(exportsStreaming()).toBe(0);
  });
});
