import fs from "node:fs";
import { Writable } from "node:stream";

/** Bytes gathered before one write; also the most the writer holds (plus as much again queued). */
const BATCH_BYTES = 1024 * 1024;
/** Below the kernel's IOV_MAX (1024), whatever the chunk size. */
const BATCH_CHUNKS = 256;

/**
 * A file write stream that gathers incoming chunks (a socket delivers 64 KB at a time) and writes
 * them with one `writev` per megabyte, without copying them. fs.WriteStream writes each chunk on its
 * own while the disk keeps up, and every write is a round trip to the thread pool: at 250 MB that is
 * thousands of hand-offs, which cost more than the copying. Creates the file with `flags`/`mode`; on
 * error or destroy the descriptor is closed (the caller removes the file).
 */
export class BatchedFileWriter extends Writable {
  private fd: number | null = null;
  private batch: Buffer[] = [];
  private batchBytes = 0;
  /** A writev in flight; closing the descriptor waits for it (the thread pool still uses the fd). */
  private writing = false;
  private afterWrite: (() => void) | null = null;

  constructor(
    private readonly file: string,
    private readonly options: { flags?: string; mode?: number } = {},
  ) {
    super({ highWaterMark: BATCH_BYTES, decodeStrings: true });
  }

  _construct(callback: (error?: Error | null) => void) {
    fs.open(this.file, this.options.flags ?? "w", this.options.mode ?? 0o666, (err, fd) => {
      if (err) return callback(err);
      this.fd = fd;
      callback();
    });
  }

  _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void) {
    this.add(chunk);
    this.flushIfFull(callback);
  }

  _writev(chunks: Array<{ chunk: Buffer }>, callback: (error?: Error | null) => void) {
    for (const c of chunks) this.add(c.chunk);
    this.flushIfFull(callback);
  }

  _final(callback: (error?: Error | null) => void) {
    this.flush((err) => {
      if (err) return callback(err);
      const fd = this.fd!;
      this.fd = null;
      fs.close(fd, (closeErr) => callback(closeErr));
    });
  }

  _destroy(error: Error | null, callback: (error?: Error | null) => void) {
    this.batch = [];
    const close = () => {
      const fd = this.fd;
      this.fd = null;
      if (fd === null) return callback(error);
      fs.close(fd, () => callback(error));
    };
    if (this.writing) this.afterWrite = close;
    else close();
  }

  private add(chunk: Buffer) {
    if (chunk.length === 0) return;
    this.batch.push(chunk);
    this.batchBytes += chunk.length;
  }

  private flushIfFull(callback: (error?: Error | null) => void) {
    if (this.batchBytes >= BATCH_BYTES || this.batch.length >= BATCH_CHUNKS) this.flush(callback);
    else callback();
  }

  /** Writes the gathered chunks, continuing after a short write. */
  private flush(callback: (error?: Error | null) => void) {
    let buffers = this.batch;
    this.batch = [];
    this.batchBytes = 0;
    const next = () => {
      if (buffers.length === 0 || this.fd === null) return callback();
      this.writing = true;
      fs.writev(this.fd, buffers, (err, written) => {
        this.writing = false;
        if (this.afterWrite) return this.afterWrite();
        if (err) return callback(err);
        buffers = rest(buffers, written);
        next();
      });
    };
    next();
  }
}

/** What is left of `buffers` after the first `bytes` bytes. */
function rest(buffers: Buffer[], bytes: number): Buffer[] {
  let i = 0;
  while (i < buffers.length && bytes >= buffers[i].length) bytes -= buffers[i++].length;
  if (i === buffers.length) return [];
  const out = buffers.slice(i);
  if (bytes > 0) out[0] = out[0].subarray(bytes);
  return out;
}
