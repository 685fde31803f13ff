import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import crypto from "node:crypto";
import { pipeline } from "node:stream/promises";
import type { Readable } from "node:stream";
import { BatchedFileWriter } from "./file-writer";
import { ByteMeter } from "./meter";
import { resolveKeyPath } from "./keys";
import { signAppFileUrl } from "./signing";
import type { ByteRange, PutOptions, PutResult, SignedUrlOptions, StorageDriver } from "./types";

const PART_SUFFIX = ".part-";
const IO_CHUNK = 1024 * 1024;

/**
 * Files on local disk under `root` (default DATA_DIR/uploads, STORAGE_DIR to change). Bytes are
 * written to a `.part-*` file beside the target and renamed only when complete, so a reader never
 * sees half a file and a failed upload leaves nothing.
 */
export class LocalDriver implements StorageDriver {
  readonly name = "local" as const;

  constructor(readonly root: string) {}

  async put(key: string, body: Readable, options: PutOptions): Promise<PutResult> {
    const target = resolveKeyPath(this.root, key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    const part = `${target}${PART_SUFFIX}${crypto.randomBytes(6).toString("hex")}`;
    const meter = new ByteMeter(options.maxBytes, { checksum: options.checksum });
    const writer = new BatchedFileWriter(part, { flags: "wx", mode: 0o640 });
    try {
      await pipeline(body, meter, writer);
      await fsp.rename(part, target);
    } catch (err) {
      // The pipeline can fail before the writer has opened (or closed) its file: remove the part only
      // once the writer is closed, or a late open would leave it behind.
      if (!writer.closed) {
        writer.destroy();
        await new Promise<void>((resolve) => writer.once("close", () => resolve()));
      }
      await fsp.rm(part, { force: true });
      throw err;
    }
    return { size: meter.bytes, sha256: meter.digest() };
  }

  async open(key: string): Promise<fsp.FileHandle> {
    return fsp.open(resolveKeyPath(this.root, key), "r");
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    // Open first so a missing file is an error here, not later in the response stream.
    const handle = await this.open(key);
    return handle.createReadStream({ start: range?.start, end: range?.end, highWaterMark: IO_CHUNK, autoClose: true });
  }

  async stat(key: string) {
    try {
      const st = await fsp.stat(resolveKeyPath(this.root, key));
      return st.isFile() ? { size: st.size, modifiedAt: st.mtime } : null;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await fsp.rm(resolveKeyPath(this.root, key), { force: true });
  }

  async signedUrl(key: string, options: SignedUrlOptions): Promise<string> {
    resolveKeyPath(this.root, key);
    return signAppFileUrl(key, options.expiresInSeconds, options.baseUrl);
  }

  /** Removes `.part-*` leftovers of uploads a crash interrupted (older than `olderThanMs`). */
  async sweepPartials(olderThanMs: number, now = Date.now()): Promise<number> {
    let removed = 0;
    const walk = async (dir: string): Promise<void> => {
      let entries: fs.Dirent[];
      try {
        entries = await fsp.readdir(dir, { withFileTypes: true });
      } catch {
        return;
      }
      for (const e of entries) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) await walk(p);
        else if (e.name.includes(PART_SUFFIX)) {
          const st = await fsp.stat(p).catch(() => null);
          if (st && now - st.mtimeMs > olderThanMs) {
            await fsp.rm(p, { force: true });
            removed++;
          }
        }
      }
    };
    await walk(this.root);
    return removed;
  }
}
