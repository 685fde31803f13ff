import { and, eq, inArray, lt, notExists, sql } from "drizzle-orm";
import { getDb, schema } from "@/lib/db";
import { logger } from "@/lib/log";
import { backgroundLoop, startPeriodicJob } from "@/lib/jobs/background-loop";
import { getStorage } from "@/lib/storage";

export const DAY_MS = 24 * 60 * 60 * 1000;
const BATCH = 500;

export type SweepResult = { temporary: number; orphaned: number; partials: number };

/**
 * Deletes uploads nobody saved: `temporary` files older than `olderThanMs` (a day by default), row
 * and bytes (among them the rows of uploads whose instance died before the bytes were stored: size 0);
 * attached banner files whose banner is gone (a menu deleted with its banner); and the leftovers of
 * interrupted writes the storage holds: `.part-*` files on local disk, this portal's incomplete multipart
 * uploads on S3 (StorageDriver.sweepPartials). Safe to run beside a live server: a row is only deleted
 * while still temporary, so a save claiming it at the same moment wins.
 */
export async function sweepUploads({
  olderThanMs = DAY_MS,
  now = new Date(),
}: { olderThanMs?: number; now?: Date } = {}): Promise<SweepResult> {
  const db = await getDb();
  const storage = getStorage();
  const cutoff = new Date(now.getTime() - olderThanMs);
  const f = schema.files;
  const result: SweepResult = { temporary: 0, orphaned: 0, partials: 0 };

  const removeBytes = async (keys: string[]) => {
    for (const key of keys)
      await storage.delete(key).catch((err) => logger.warn({ err, key }, "sweep: could not delete bytes"));
  };

  for (;;) {
    const ids = await db
      .select({ id: f.id })
      .from(f)
      .where(and(eq(f.status, "temporary"), lt(f.createdAt, cutoff)))
      .limit(BATCH);
    if (!ids.length) break;
    const gone = await db
      .delete(f)
      .where(
        and(
          inArray(
            f.id,
            ids.map((r) => r.id),
          ),
          eq(f.status, "temporary"),
        ),
      )
      .returning({ key: f.storageKey });
    await removeBytes(gone.map((g) => g.key));
    result.temporary += gone.length;
    if (ids.length < BATCH) break;
  }

  const orphanBanners = await db
    .delete(f)
    .where(
      and(
        eq(f.kind, "banner"),
        eq(f.status, "attached"),
        lt(f.updatedAt, cutoff),
        notExists(
          db
            .select({ one: sql`1` })
            .from(schema.banners)
            .where(eq(schema.banners.fileId, f.id)),
        ),
      ),
    )
    .returning({ key: f.storageKey });
  await removeBytes(orphanBanners.map((g) => g.key));
  result.orphaned = orphanBanners.length;

  result.partials = await storage.sweepPartials(olderThanMs, now.getTime());
  return result;
}

const loop = backgroundLoop("upload-sweeper");

/** Runs the sweep a minute after start and then every hour (UPLOAD_SWEEP_MINUTES, 0 for never), in this process. */
export function startUploadSweeper(): boolean {
  return startPeriodicJob(loop, {
    env: "UPLOAD_SWEEP_MINUTES",
    firstRoundMs: 60_000,
    failed: "upload sweep failed",
    round: async () => {
      const r = await sweepUploads();
      if (r.temporary || r.orphaned || r.partials) logger.info(r, "swept abandoned uploads");
    },
  });
}
