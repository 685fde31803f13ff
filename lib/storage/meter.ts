import crypto from "node:crypto";
import { Transform, type TransformCallback } from "node:stream";
import { FileTooLargeError } from "./errors";

/**
 * A pass-through that counts bytes, hashes them (sha256) and fails with FileTooLargeError as soon as
 * the count passes `maxBytes`, so an oversize upload stops at the limit instead of at its end.
 */
export class ByteMeter extends Transform {
  bytes = 0;
  private hash = crypto.createHash("sha256");

  constructor(private maxBytes: number) {
    super({ highWaterMark: 1024 * 1024 });
  }

  _transform(chunk: Buffer, _enc: BufferEncoding, cb: TransformCallback) {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) return cb(new FileTooLargeError(this.maxBytes, this.bytes));
    this.hash.update(chunk);
    cb(null, chunk);
  }

  digest(): string {
    return this.hash.digest("hex");
  }
}
