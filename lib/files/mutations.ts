import { inArray } from "drizzle-orm";
import { enqueueTextExtraction } from "@/lib/search/extract-jobs";
import { wakeTextExtractor } from "@/lib/search/extract-worker";
import { getDb, schema, type Tx } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { logger } from "@/lib/log";
import { roleCan } from "@/lib/auth/roles";
import type { SessionUser } from "@/lib/auth/session";
import { getStorage } from "@/lib/storage";
import type { UploadKindName } from "@/lib/storage/kinds";
import { FILE_MESSAGES } from "./constants";
import { keyFromClientPath } from "./links";
import { isStored, type FileRow } from "./queries";

/**
 * Marks uploads as referenced by a save (post, attachment, event, banner, ...). Each path must be a
 * temporary upload of this user whose bytes are stored (or already attached, when an edit sends its existing files back)
 * of one of `kinds`. Anything else is a 422 naming the field. Call inside the save's transaction.
 */
export async function claimUploads(
  input: {
    keys: string[];
    user: SessionUser;
    kinds: readonly UploadKindName[];
    field?: string;
    allowAttached?: boolean;
  },
  tx: Tx,
): Promise<FileRow[]> {
  const field = input.field ?? "file";
  const keys = [...new Set(input.keys)];
  if (!keys.length) return [];
  const rows = await tx.select().from(schema.files).where(inArray(schema.files.storageKey, keys)).for("update");
  const byKey = new Map(rows.map((r) => [r.storageKey, r]));
  const out: FileRow[] = [];
  for (const key of keys) {
    const row = byKey.get(key);
    const mine = row && row.status === "temporary" && isStored(row) && row.ownerId === input.user.id;
    const reused = row && row.status === "attached" && input.allowAttached;
    if (!row || !(mine || reused) || !input.kinds.includes(row.kind)) {
      throw new AppError(422, FILE_MESSAGES.notFound, { [field]: [FILE_MESSAGES.notFound] });
    }
    out.push(row);
  }
  const temporary = out.filter((r) => r.status === "temporary").map((r) => r.id);
  if (temporary.length) {
    const now = new Date();
    await tx
      .update(schema.files)
      .set({ status: "attached", attachedAt: now })
      .where(inArray(schema.files.id, temporary));
    for (const r of out) if (temporary.includes(r.id)) Object.assign(r, { status: "attached", attachedAt: now });
    // Their text is extracted for the search in the background (lib/search/extract-worker.ts).
    if (
      await enqueueTextExtraction(
        tx,
        out.filter((r) => temporary.includes(r.id)),
      )
    )
      wakeTextExtractor();
  }
  return out;
}

/**
 * Deletes files for good: rows first (in `tx` when given, so referencing rows cascade with the
 * change), bytes after. Bytes that cannot be removed are logged; the rows are gone either way.
 */
export async function deleteFiles(rows: Pick<FileRow, "id" | "storageKey">[], tx?: Tx): Promise<void> {
  if (!rows.length) return;
  const db = tx ?? (await getDb());
  await db.delete(schema.files).where(
    inArray(
      schema.files.id,
      rows.map((r) => r.id),
    ),
  );
  const removeBytes = async () => {
    const storage = getStorage();
    for (const r of rows)
      await storage
        .delete(r.storageKey)
        .catch((err) => logger.warn({ err, key: r.storageKey }, "could not delete file bytes"));
  };
  if (tx) {
    // Only after the transaction commits; a rolled-back change keeps its bytes.
    const list = pendingAfterCommit.get(tx);
    if (!list) throw new Error("deleteFiles(rows, tx) needs a transaction opened by withFileTransaction()");
    list.push(removeBytes);
  } else {
    await removeBytes();
  }
}

/** deleteFiles for the files with these ids (their rows in `tx`, the bytes once it commits). */
export async function deleteFilesById(tx: Tx, ids: number[]): Promise<void> {
  if (!ids.length) return;
  const rows = await tx
    .select({ id: schema.files.id, storageKey: schema.files.storageKey })
    .from(schema.files)
    .where(inArray(schema.files.id, ids));
  await deleteFiles(rows, tx);
}

const pendingAfterCommit = new WeakMap<object, (() => Promise<void>)[]>();

/**
 * Runs `fn` in a transaction and, once it has committed, the byte deletions queued by deleteFiles.
 * Use this instead of db.transaction for changes that delete files.
 */
export async function withFileTransaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
  const db = await getDb();
  let txRef: Tx | undefined;
  const result = await db.transaction(async (tx) => {
    txRef = tx;
    pendingAfterCommit.set(tx, []);
    return fn(tx);
  });
  const jobs = txRef ? (pendingAfterCommit.get(txRef) ?? []) : [];
  if (txRef) pendingAfterCommit.delete(txRef);
  for (const job of jobs) await job();
  return result;
}

/**
 * removemedia: the caller's own temporary upload, or any file for role 1. The thumbnail, when given,
 * follows the same rules.
 */
export async function removeMedia(input: {
  filePath: unknown;
  thumbnailPath?: unknown;
  user: SessionUser;
}): Promise<void> {
  const paths = [input.filePath, ...(input.thumbnailPath ? [input.thumbnailPath] : [])];
  const keys = paths.map(keyFromClientPath);
  await withFileTransaction(async (tx) => {
    const rows = await tx.select().from(schema.files).where(inArray(schema.files.storageKey, keys)).for("update");
    if (rows.length !== new Set(keys).size) throw new AppError(404, FILE_MESSAGES.notFound);
    for (const row of rows) {
      const own = row.status === "temporary" && row.ownerId === input.user.id;
      if (!own && !roleCan(input.user.roleId, "manageEveryFile")) throw new AppError(403, FILE_MESSAGES.notYours);
    }
    await deleteFiles(rows, tx);
  });
}
