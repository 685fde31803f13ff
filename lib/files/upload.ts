import { Readable } from "node:stream";
import busboy from "busboy";
import { eq, inArray } from "drizzle-orm";
import { getDb, schema } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { logger } from "@/lib/log";
import { requireCapability } from "@/lib/auth/guards";
import { bodyAsNodeStream } from "@/lib/api/node-route";
import type { SessionUser } from "@/lib/auth/session";
import type { Capability } from "@/lib/auth/roles";
import { getStorage } from "@/lib/storage";
import { FileTooLargeError } from "@/lib/storage/errors";
import { checksumsEnabled } from "@/lib/storage/meter";
import { newKey } from "@/lib/storage/keys";
import {
  extensionAllowed,
  maxBytesOf,
  tooBigMessage,
  tooManyMessage,
  UPLOAD_MESSAGES,
  type UploadKind,
  type UploadKindName,
} from "@/lib/storage/kinds";
import { cleanFileName } from "./names";
import { checkContent, SNIFF_BYTES } from "./sniff";

export type StoredUpload = { id: number; key: string; name: string; size: number; mime: string; sha256: string | null };

/** Who may upload each kind: the people who may save the form it belongs to. */
const KIND_CAPABILITY: Record<UploadKindName, Capability | null> = {
  banner: "manageContent",
  post: "manageContent",
  attachment: "manageContent",
  document: "manageContent",
  event: "manageEvents",
  profilePhoto: null,
  // Any signed-in user: only a request's requester can attach the upload to it (lib/requests/mutations.ts).
  request: null,
};

export async function assertMayUpload(kind: UploadKind, user: SessionUser): Promise<void> {
  const capability = KIND_CAPABILITY[kind.name];
  if (capability) await requireCapability(capability, user);
}

/** Multipart framing and small fields around the files; used only for the early Content-Length check. */
const MULTIPART_OVERHEAD = 64 * 1024;
const MAX_FIELDS = 20;
const DEFAULT_FIELD_SIZE = 4096;
const IO_CHUNK = 1024 * 1024;
/** How long a refused upload's remaining body is read and thrown away, so the client sees our answer. */
const DRAIN_MS = 60_000;

export type ReceiveOptions = {
  kind: UploadKind;
  user: SessionUser;
  /**
   * The text fields around the files (a form's other inputs), each with its name and value. Without
   * it, fields are skipped. A field longer than `fieldSize` is refused (422), never cut short.
   */
  onField?: (name: string, value: string) => void;
  /** The longest text field taken, in bytes (default 4 KB). */
  fieldSize?: number;
  /** The request may carry no file at all (a form whose attachment is optional). */
  optional?: boolean;
};

/**
 * Streams the files of a multipart request (any field name) to the storage driver, one after the
 * other, never holding more than a few chunks in memory. Each file is checked for its name, its
 * extension, its real type (first bytes) and its size while it streams. Every file becomes a
 * `temporary` row owned by the user. Text fields go to `onField` as they arrive.
 *
 * All or nothing: if any file is refused, the request breaks off, or the count passes the kind's
 * limit, every file of the request is removed (bytes and rows) and an AppError is thrown
 * (413 too big, 415 wrong type, 422 count/name/empty, 400 interrupted).
 */
export async function receiveUploads(req: Request, opts: ReceiveOptions): Promise<StoredUpload[]> {
  const { kind, user, onField, optional = false } = opts;
  const fieldSize = opts.fieldSize ?? DEFAULT_FIELD_SIZE;
  const contentType = req.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data/i.test(contentType))
    throw new AppError(415, "The upload must be sent as multipart/form-data.");
  const maxBytes = maxBytesOf(kind);
  const contentLength = Number(req.headers.get("content-length") ?? Number.NaN);
  if (
    Number.isFinite(contentLength) &&
    contentLength > kind.maxFiles * maxBytes + MULTIPART_OVERHEAD + (onField ? MAX_FIELDS * fieldSize : 0)
  ) {
    throw new AppError(413, tooBigMessage(kind, kind.maxFiles === 1 ? contentLength : maxBytes + 1));
  }

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      defParamCharset: "utf8",
      preservePath: true,
      highWaterMark: IO_CHUNK,
      fileHwm: IO_CHUNK,
      limits: {
        files: kind.maxFiles,
        fields: MAX_FIELDS,
        fieldSize,
        parts: kind.maxFiles + MAX_FIELDS,
        headerPairs: 50,
      },
    });
  } catch {
    throw new AppError(415, "The upload must be sent as multipart/form-data.");
  }

  const source = bodyAsNodeStream(req);
  if (!source) throw new AppError(422, kind.messages.required);
  const body = source;
  const db = await getDb();
  const storage = getStorage();
  const checksum = checksumsEnabled();
  const stored: StoredUpload[] = [];
  let failure: unknown = null;
  let fileCount = 0;
  let work: Promise<void> = Promise.resolve();

  const outcome = new Promise<void>((resolve, reject) => {
    const fail = (err: unknown) => {
      if (failure) return;
      failure = err;
      body.unpipe(parser);
      parser.destroy(err instanceof Error ? err : new Error(String(err)));
      drain();
      reject(err);
    };

    parser.on("error", (err: Error) =>
      fail(
        failure ??
          new AppError(
            400,
            /end of (form|file)/i.test(err.message)
              ? UPLOAD_MESSAGES.interrupted
              : "The upload is not valid multipart data.",
          ),
      ),
    );
    parser.on("filesLimit", () => fail(new AppError(422, tooManyMessage(kind))));
    parser.on("partsLimit", () => fail(new AppError(422, tooManyMessage(kind))));
    parser.on("fieldsLimit", () => fail(new AppError(422, "The form has too many fields.")));
    parser.on("field", (name, value, info) => {
      if (failure || !onField) return;
      if (info.valueTruncated || info.nameTruncated)
        return fail(new AppError(422, `The field ${JSON.stringify(name.slice(0, 40))} is too long.`));
      onField(name, value);
    });
    parser.on("file", (_field, stream, info) => {
      fileCount++;
      // Errors of a file stream surface through the parser and the driver; never as an uncaught event.
      stream.on("error", () => {});
      if (failure) {
        stream.resume();
        return;
      }
      const task = work.then(async () => {
        if (failure) {
          stream.resume();
          return;
        }
        await storeOne(stream, info.filename);
      });
      work = task.catch((err) => {
        stream.resume();
        fail(err);
      });
    });
    parser.on("finish", () => {
      work.then(() => {
        if (failure) return;
        if (fileCount === 0 && !optional) fail(new AppError(422, kind.messages.required));
        else resolve();
      });
    });

    // The body goes straight into the parser (pipe: backpressure, no copies, no promise per chunk).
    // A body that breaks off (client gone, connection cut) is an interrupted upload.
    const interrupted = () => fail(new AppError(400, UPLOAD_MESSAGES.interrupted));
    body.on("error", interrupted);
    body.on("close", () => {
      if (!body.readableEnded) interrupted();
    });
    body.pipe(parser);

    // After a refusal the rest of the body is read and thrown away for a while, so the client gets
    // our answer instead of a reset connection; then the request is cut off.
    function drain() {
      if (body.readableEnded || body.destroyed) return;
      const timer = setTimeout(() => body.destroy(), DRAIN_MS);
      timer.unref();
      body.once("close", () => clearTimeout(timer));
      body.on("data", () => {});
      body.resume();
    }
  });

  async function storeOne(stream: Readable, rawName: string | undefined) {
    const name = cleanFileName(rawName);
    if (!extensionAllowed(kind, name)) throw new AppError(415, kind.messages.invalidType);

    // Read just enough to know what the file really is before anything is written.
    const { head, ended } = await readHead(stream, SNIFF_BYTES);
    if (head.length === 0) throw new AppError(422, UPLOAD_MESSAGES.empty);
    const mime = await checkContent(kind, name, head);

    const key = newKey(kind.name, name);
    const [row] = await db
      .insert(schema.files)
      .values({ storageKey: key, originalName: name, mime, ownerId: user.id, kind: kind.name, status: "temporary" })
      .returning({ id: schema.files.id });
    const entry: StoredUpload = { id: row.id, key, name, size: 0, mime, sha256: null };
    stored.push(entry);

    try {
      const body = ended ? Readable.from([head]) : stream;
      const result = await storage.put(key, body, { maxBytes, contentType: mime, checksum });
      entry.size = result.size;
      entry.sha256 = result.sha256;
    } catch (err) {
      if (err instanceof FileTooLargeError) throw new AppError(413, tooBigMessage(kind, bestSizeGuess(err.bytesSeen)));
      // Let the parser report first: a broken request is the client's, anything else is ours.
      await new Promise((r) => setImmediate(r));
      if (failure) throw failure;
      if (err instanceof AppError) throw err;
      if (err instanceof Error && /unexpected end|aborted|premature close|ECONNRESET/i.test(err.message))
        throw new AppError(400, UPLOAD_MESSAGES.interrupted);
      logger.error({ err, key }, "storing an upload failed");
      throw new AppError(500, "The file could not be stored. Please try again.");
    }
    await db.update(schema.files).set({ size: entry.size, sha256: entry.sha256 }).where(eq(schema.files.id, entry.id));
  }

  /** For the message: the whole request's size when it carries one file, else what we saw. */
  function bestSizeGuess(seen: number): number {
    return fileCount === 1 && Number.isFinite(contentLength) && contentLength > seen ? contentLength : seen;
  }

  try {
    await outcome;
    return stored;
  } catch (err) {
    await work.catch(() => {});
    await discardUploads(stored);
    if (err instanceof AppError) throw err;
    logger.error({ err }, "upload failed");
    throw new AppError(400, UPLOAD_MESSAGES.interrupted);
  }
}

/**
 * Reads the first `bytes` bytes of a stream (or all of it, if shorter) and puts them back, so the
 * stream can then be piped whole. `ended` says the stream had no more than that.
 */
export function readHead(stream: Readable, bytes: number): Promise<{ head: Buffer; ended: boolean }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const cleanup = () => {
      stream.off("readable", onReadable);
      stream.off("end", onEnd);
      stream.off("error", onError);
    };
    const finish = (ended: boolean) => {
      cleanup();
      const head = Buffer.concat(chunks);
      if (!ended && head.length) stream.unshift(head);
      resolve({ head, ended });
    };
    const onReadable = () => {
      let chunk: Buffer | null;
      while ((chunk = stream.read() as Buffer | null) !== null) {
        chunks.push(chunk);
        total += chunk.length;
        if (total >= bytes) return finish(false);
      }
    };
    const onEnd = () => finish(true);
    const onError = (err: Error) => {
      cleanup();
      reject(err);
    };
    stream.on("readable", onReadable);
    stream.on("end", onEnd);
    stream.on("error", onError);
  });
}

/** Removes the bytes and rows of uploads a failed request had already stored. */
export async function discardUploads(items: StoredUpload[]) {
  if (!items.length) return;
  const storage = getStorage();
  for (const item of items) {
    await storage.delete(item.key).catch((err) => logger.warn({ err, key: item.key }, "could not delete upload bytes"));
  }
  const db = await getDb();
  await db.delete(schema.files).where(
    inArray(
      schema.files.id,
      items.map((i) => i.id),
    ),
  );
}
