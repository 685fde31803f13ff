import crypto from "node:crypto";
import busboy from "busboy";
import { describe, expect, it } from "vitest";
import { installNativeBoundarySearch } from "./boundary-search";

type Event = [boolean, string, boolean];

/** Runs a busboy parser's search over `chunks`, recording every callback (match flag, bytes, safe flag). */
function searchEvents(boundary: string, chunks: Buffer[], native: boolean): Event[] {
  const parser = busboy({ headers: { "content-type": `multipart/form-data; boundary=${boundary}` } });
  if (native) expect(installNativeBoundarySearch(parser)).toBe(true);
  const search = (
    parser as unknown as {
      _bparser: { _cb: (...a: unknown[]) => void; push: (c: Buffer) => number; destroy: () => void };
    }
  )._bparser;
  const events: Event[] = [];
  search._cb = (isMatch: unknown, data: unknown, start: unknown, end: unknown, safe: unknown) => {
    events.push([
      isMatch as boolean,
      data ? (data as Buffer).subarray(start as number, end as number).toString("latin1") : "",
      safe as boolean,
    ]);
  };
  for (const c of chunks) search.push(c);
  search.destroy();
  return events;
}

/** Random bytes sprinkled with the needle, its prefixes and near misses, cut at random places. */
function awkwardChunks(needle: Buffer, seed: number): Buffer[] {
  const rnd = (n: number) => crypto.createHash("sha256").update(`${seed}:${n}`).digest().readUInt32BE(0);
  const parts: Buffer[] = [];
  for (let i = 0; i < 60; i++) {
    const r = rnd(i) % 6;
    if (r === 0) parts.push(needle);
    else if (r === 1) parts.push(needle.subarray(0, 1 + (rnd(i + 1000) % (needle.length - 1))));
    else if (r === 2) parts.push(Buffer.concat([needle.subarray(0, needle.length - 1), Buffer.from("x")]));
    else
      parts.push(
        crypto
          .createHash("sha512")
          .update(`${seed}/${i}`)
          .digest()
          .subarray(0, rnd(i + 2000) % 64),
      );
  }
  const all = Buffer.concat(parts);
  const chunks: Buffer[] = [];
  for (let pos = 0, i = 0; pos < all.length; i++) {
    const size = 1 + (rnd(i + 3000) % (needle.length * 2));
    chunks.push(all.subarray(pos, pos + size));
    pos += size;
  }
  return chunks;
}

describe("installNativeBoundarySearch", () => {
  it("reports exactly what busboy's own search reports, for needles cut at every awkward place", () => {
    const boundary = "----portaltest7MA4YWxkTrZu0gW";
    const needle = Buffer.from(`\r\n--${boundary}`);
    for (let seed = 0; seed < 200; seed++) {
      const chunks = awkwardChunks(needle, seed);
      expect(searchEvents(boundary, chunks, true), `seed ${seed}`).toEqual(searchEvents(boundary, chunks, false));
    }
    // One big chunk, and one byte at a time.
    const big = Buffer.concat(awkwardChunks(needle, 999));
    expect(searchEvents(boundary, [big], true)).toEqual(searchEvents(boundary, [big], false));
    const bytes = [...big].map((b) => Buffer.from([b]));
    expect(searchEvents(boundary, bytes, true)).toEqual(searchEvents(boundary, bytes, false));
  });

  it("parses a multipart body into the same files, whatever the chunking", async () => {
    const boundary = "xYzZY";
    const files = [
      crypto.randomBytes(200_000),
      Buffer.from(`a\r\n--xYzZ\r\n--xYzZ-b\r\n-`),
      Buffer.alloc(0),
      crypto.randomBytes(70_000),
    ];
    const body = Buffer.concat([
      ...files.flatMap((f, i) => [
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="f"; filename="${i}.bin"\r\n\r\n`),
        f,
        Buffer.from("\r\n"),
      ]),
      Buffer.from(`--${boundary}--\r\n`),
    ]);
    for (const size of [1, 3, 7, 64, 4096, 65536, body.length]) {
      const parser = busboy({ headers: { "content-type": `multipart/form-data; boundary=${boundary}` } });
      expect(installNativeBoundarySearch(parser)).toBe(true);
      const got: Buffer[] = [];
      parser.on("file", (_n, stream) => {
        const parts: Buffer[] = [];
        stream.on("data", (c: Buffer) => parts.push(c));
        stream.on("end", () => got.push(Buffer.concat(parts)));
      });
      const done = new Promise((resolve, reject) => {
        parser.on("close", resolve);
        parser.on("error", reject);
      });
      for (let i = 0; i < body.length; i += size) parser.write(body.subarray(i, i + size));
      parser.end();
      await done;
      const digest = (b: Buffer) => crypto.createHash("sha256").update(b).digest("hex");
      expect(got.map(digest), `chunks of ${size}`).toEqual(files.map(digest));
    }
  });
});
