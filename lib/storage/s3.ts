import { Readable } from "node:stream";
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { ByteMeter } from "./meter";
import { assertValidKey, isValidKey } from "./keys";
import { contentDisposition } from "./content-disposition";
import type { ByteRange, PutOptions, PutResult, SignedUrlOptions, StorageDriver } from "./types";

export type S3Config = {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle?: boolean;
  /** Key prefix inside the bucket ("" by default). */
  prefix?: string;
};

/** Part size and parallel parts: at most 2 x 8 MB of an upload is held in memory at once. */
const PART_SIZE = 8 * 1024 * 1024;
const QUEUE_SIZE = 2;

/**
 * S3-compatible object storage (AWS, MinIO, Ceph). Uploads stream as multipart uploads; a failed or
 * oversize upload is aborted so no parts or object remain. Downloads are presigned GETs that carry the
 * original file name.
 */
export class S3Driver implements StorageDriver {
  readonly name = "s3" as const;
  readonly client: S3Client;

  constructor(readonly cfg: S3Config) {
    this.client = new S3Client({
      region: cfg.region,
      endpoint: cfg.endpoint,
      forcePathStyle: cfg.forcePathStyle,
      credentials:
        cfg.accessKeyId && cfg.secretAccessKey
          ? { accessKeyId: cfg.accessKeyId, secretAccessKey: cfg.secretAccessKey }
          : undefined,
      // Integrity checksums on every request would force buffering of streamed bodies.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
  }

  private objectKey(key: string): string {
    assertValidKey(key);
    return `${this.cfg.prefix ?? ""}${key}`;
  }

  async put(key: string, body: Readable, options: PutOptions): Promise<PutResult> {
    const Key = this.objectKey(key);
    const meter = new ByteMeter(options.maxBytes, { checksum: options.checksum });
    let streamError: unknown;
    body.on("error", (err) => meter.destroy(err));
    meter.on("error", (err) => {
      streamError ??= err;
    });
    body.pipe(meter);
    const upload = new Upload({
      client: this.client,
      params: {
        Bucket: this.cfg.bucket,
        Key,
        Body: meter,
        ContentType: options.contentType ?? "application/octet-stream",
      },
      partSize: PART_SIZE,
      queueSize: QUEUE_SIZE,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (err) {
      body.unpipe(meter);
      await upload.abort().catch(() => {});
      await this.delete(key).catch(() => {});
      throw streamError ?? err;
    }
    if (streamError) {
      await this.delete(key).catch(() => {});
      throw streamError;
    }
    return { size: meter.bytes, sha256: meter.digest() };
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    const out = await this.client.send(
      new GetObjectCommand({
        Bucket: this.cfg.bucket,
        Key: this.objectKey(key),
        Range: range ? `bytes=${range.start}-${range.end}` : undefined,
      }),
    );
    if (!out.Body) throw new Error("S3 returned no body");
    return out.Body instanceof Readable ? out.Body : Readable.fromWeb(out.Body.transformToWebStream() as never);
  }

  async stat(key: string) {
    try {
      const out = await this.client.send(new HeadObjectCommand({ Bucket: this.cfg.bucket, Key: this.objectKey(key) }));
      return { size: Number(out.ContentLength ?? 0), modifiedAt: out.LastModified ?? new Date(0) };
    } catch (err) {
      if (
        err instanceof S3ServiceException &&
        (err.$metadata.httpStatusCode === 404 || err.name === "NotFound" || err.name === "NoSuchKey")
      )
        return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.cfg.bucket, Key: this.objectKey(key) }));
  }

  async signedUrl(key: string, options: SignedUrlOptions): Promise<string> {
    const cmd = new GetObjectCommand({
      Bucket: this.cfg.bucket,
      Key: this.objectKey(key),
      ResponseContentDisposition: contentDisposition(options.disposition, options.fileName),
      ResponseContentType: options.contentType,
    });
    return getSignedUrl(this.client, cmd, { expiresIn: options.expiresInSeconds });
  }

  /**
   * Aborts this portal's incomplete multipart uploads (under S3_PREFIX, with a key of the portal's layout:
   * another application's uploads in a shared bucket are left alone) begun more than `olderThanMs` ago:
   * an instance killed mid-upload leaves its parts stored, and billed, until something aborts them. The
   * bucket's lifecycle rule AbortIncompleteMultipartUpload is the second line (docs/features/files.md).
   */
  async sweepPartials(olderThanMs: number, now = Date.now()): Promise<number> {
    const prefix = this.cfg.prefix ?? "";
    let aborted = 0;
    let KeyMarker: string | undefined;
    let UploadIdMarker: string | undefined;
    for (;;) {
      const page = await this.client.send(
        new ListMultipartUploadsCommand({
          Bucket: this.cfg.bucket,
          Prefix: prefix || undefined,
          KeyMarker,
          UploadIdMarker,
        }),
      );
      for (const u of page.Uploads ?? []) {
        if (!u.Key || !u.UploadId || !u.Key.startsWith(prefix) || !isValidKey(u.Key.slice(prefix.length))) continue;
        if (!u.Initiated || now - u.Initiated.getTime() <= olderThanMs) continue;
        await this.client.send(
          new AbortMultipartUploadCommand({ Bucket: this.cfg.bucket, Key: u.Key, UploadId: u.UploadId }),
        );
        aborted++;
      }
      if (!page.IsTruncated) return aborted;
      KeyMarker = page.NextKeyMarker;
      UploadIdMarker = page.NextUploadIdMarker;
    }
  }
}
