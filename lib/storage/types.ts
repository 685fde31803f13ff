import type { FileHandle } from "node:fs/promises";
import type { Readable } from "node:stream";

export type PutOptions = {
  /** The upload fails with FileTooLargeError (and leaves nothing behind) past this many bytes. */
  maxBytes: number;
  contentType?: string;
  /** Also compute the sha256 while streaming (costs CPU; see checksumsEnabled). */
  checksum?: boolean;
};

export type PutResult = { size: number; sha256: string | null };

export type ByteRange = { start: number; end: number };

export type SignedUrlOptions = {
  expiresInSeconds: number;
  /** The name the browser saves the file as (Content-Disposition). */
  fileName: string;
  contentType: string;
  disposition: "inline" | "attachment";
  /** Origin the app is reached at, for drivers that sign the app's own download route. */
  baseUrl: string;
};

/**
 * One storage back end. Keys are relative, validated paths (lib/storage/keys.ts); drivers never see
 * a user-supplied name.
 */
export interface StorageDriver {
  readonly name: "local" | "s3";
  /** Streams `body` to `key`. On any error (limit, broken stream) nothing is left at `key`. */
  put(key: string, body: Readable, options: PutOptions): Promise<PutResult>;
  /** A read stream of the object, or of the inclusive byte range. */
  get(key: string, range?: ByteRange): Promise<Readable>;
  /**
   * Drivers on local disk: the open file, so the download route can read it into a few reused
   * buffers (lib/files/serve.ts) instead of a stream's fresh buffer per chunk. The caller closes it.
   */
  open?(key: string): Promise<FileHandle>;
  stat(key: string): Promise<{ size: number; modifiedAt: Date } | null>;
  /** Removes the object; a missing object is not an error. */
  delete(key: string): Promise<void>;
  /** A short-lived URL a browser can fetch the object at. */
  signedUrl(key: string, options: SignedUrlOptions): Promise<string>;
  /**
   * Removes what writes that never finished left behind (an instance killed mid-upload) and that began
   * more than `olderThanMs` before `now`: `.part-*` files on local disk, this portal's incomplete
   * multipart uploads on S3. Returns how many it removed.
   */
  sweepPartials(olderThanMs: number, now?: number): Promise<number>;
}
