import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";

/** The environment that points the portal's S3 driver at a running s3rver (lib/storage/index.ts reads it). */
export type S3rverEnv = {
  S3_BUCKET: string;
  S3_ENDPOINT: string;
  S3_REGION: string;
  S3_ACCESS_KEY_ID: string;
  S3_SECRET_ACCESS_KEY: string;
  S3_FORCE_PATH_STYLE: string;
};

export type RunningS3rver = {
  endpoint: string;
  env: S3rverEnv;
  /** Makes an incomplete multipart upload look begun at `when` (its `Initiated`). */
  backdateUpload: (uploadId: string, when: Date) => void;
  close: () => Promise<void>;
};

type KoaContext = {
  method: string;
  path: string;
  query: Record<string, string | undefined>;
  status: number;
  type: string;
  body: unknown;
};
type Middleware = (ctx: KoaContext, next: () => Promise<void>) => Promise<void>;
type S3rverApp = {
  middleware: Middleware[];
  store: { getResourcePath(bucket: string, key: string | undefined, resource: string): string };
  run(): Promise<AddressInfo>;
  close(cb: () => void): void;
};

const xmlEscape = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);

/**
 * s3rver (a local S3 for wiring tests; it checks no signatures) on 127.0.0.1 with one bucket, in a
 * temporary folder removed on close. s3rver 3.7 answers NotImplemented to ListMultipartUploads and
 * MethodNotAllowed to AbortMultipartUpload, so an interrupted multipart upload could neither be found nor
 * aborted there: both are added here over s3rver's own store of uploads (a folder per upload id holding
 * the key and the parts; `Initiated` is when the key was written), answering as S3 does.
 */
export async function startS3rver(bucket = "portal-test"): Promise<RunningS3rver> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "s3rver-"));
  const { default: S3rver } = await import("s3rver");
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: bucket }],
  }) as unknown as S3rverApp;
  const uploadsDir = () => server.store.getResourcePath(bucket, undefined, "uploads");
  const readUploads = () =>
    (fs.existsSync(uploadsDir()) ? fs.readdirSync(uploadsDir()) : []).flatMap((uploadId) => {
      const keyFile = path.join(uploadsDir(), uploadId, "key");
      if (!fs.existsSync(keyFile)) return [];
      return [{ uploadId, key: fs.readFileSync(keyFile, "utf8"), initiated: fs.statSync(keyFile).mtime }];
    });

  const multipartCalls: Middleware = async (ctx, next) => {
    const [, b, ...rest] = ctx.path.split("/");
    const key = decodeURIComponent(rest.join("/"));
    if (b !== bucket) return next();
    if (ctx.method === "GET" && !key && ctx.query.uploads !== undefined) {
      const prefix = ctx.query.prefix ?? "";
      const uploads = readUploads()
        .filter((u) => u.key.startsWith(prefix))
        .sort((x, y) => x.key.localeCompare(y.key) || x.uploadId.localeCompare(y.uploadId));
      ctx.type = "application/xml";
      ctx.body =
        `<?xml version="1.0" encoding="UTF-8"?>\n<ListMultipartUploadsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">` +
        `<Bucket>${bucket}</Bucket><Prefix>${xmlEscape(prefix)}</Prefix><MaxUploads>1000</MaxUploads><IsTruncated>false</IsTruncated>` +
        uploads
          .map(
            (u) =>
              `<Upload><Key>${xmlEscape(u.key)}</Key><UploadId>${u.uploadId}</UploadId>` +
              `<Initiated>${u.initiated.toISOString()}</Initiated><StorageClass>STANDARD</StorageClass></Upload>`,
          )
          .join("") +
        `</ListMultipartUploadsResult>`;
      return;
    }
    if (ctx.method === "DELETE" && key && ctx.query.uploadId) {
      const upload = readUploads().find((u) => u.uploadId === ctx.query.uploadId && u.key === key);
      if (!upload) {
        ctx.status = 404;
        ctx.type = "application/xml";
        ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>`;
        return;
      }
      fs.rmSync(path.join(uploadsDir(), upload.uploadId), { recursive: true, force: true });
      ctx.status = 204;
      return;
    }
    return next();
  };
  server.middleware.unshift(multipartCalls);

  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_FORCE_PATH_STYLE: "true",
    },
    backdateUpload: (uploadId, when) => fs.utimesSync(path.join(uploadsDir(), uploadId, "key"), when, when),
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
