import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { afterAll, describe, expect, it } from "vitest";
import { BatchedFileWriter } from "./file-writer";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "file-writer-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Open descriptors of this process (Linux), to prove the writer closes its own. */
const openFds = () => fs.readdirSync("/proc/self/fd").length;

describe("BatchedFileWriter", () => {
  it("writes every byte in order, whatever the chunk sizes (empty, tiny, many small, larger than a batch)", async () => {
    const sizes = [
      0,
      1,
      7,
      65536,
      0,
      300,
      ...Array.from({ length: 600 }, (_, i) => (i * 37) % 50),
      3 * 1024 * 1024 + 5,
      65535,
      1,
    ];
    const chunks = sizes.map((n) => crypto.randomBytes(n));
    const file = path.join(dir, "a.bin");
    await pipeline(Readable.from(chunks), new BatchedFileWriter(file, { flags: "wx", mode: 0o640 }));
    expect(fs.readFileSync(file).equals(Buffer.concat(chunks))).toBe(true);
    expect(fs.statSync(file).mode & 0o777).toBe(0o640);
  });

  it("creates an empty file for an empty stream", async () => {
    const file = path.join(dir, "empty.bin");
    await pipeline(Readable.from([]), new BatchedFileWriter(file));
    expect(fs.statSync(file).size).toBe(0);
  });

  it("fails with flags wx when the file exists, and leaves it alone", async () => {
    const file = path.join(dir, "exists.bin");
    fs.writeFileSync(file, "keep");
    await expect(
      pipeline(Readable.from([Buffer.from("x")]), new BatchedFileWriter(file, { flags: "wx" })),
    ).rejects.toMatchObject({ code: "EEXIST" });
    expect(fs.readFileSync(file, "utf8")).toBe("keep");
  });

  it("closes its descriptor when the source fails mid-way", async () => {
    const before = openFds();
    const file = path.join(dir, "broken.bin");
    async function* source() {
      for (let i = 0; i < 40; i++) yield crypto.randomBytes(64 * 1024);
      throw new Error("client went away");
    }
    await expect(pipeline(Readable.from(source()), new BatchedFileWriter(file))).rejects.toThrow("client went away");
    await new Promise((r) => setTimeout(r, 50));
    expect(openFds()).toBe(before);
  });
});
