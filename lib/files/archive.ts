import { once } from "node:events";
import { Readable } from "node:stream";
import { ZipArchive } from "archiver";
import { logger } from "@/lib/log";
import { getStorage } from "@/lib/storage";
import { extensionOf } from "@/lib/storage/kinds";
import { portableFileName } from "./names";
import { signArchiveUrl } from "@/lib/storage/signing";
import { downloadTtlSeconds } from "./links";
import { getFilesByIds, type FileRow } from "./queries";

/** Formats that are already compressed are stored as they are; deflating them again only costs CPU. */
const STORED_EXTENSIONS = new Set([
  "jpg",
  "jpeg",
  "png",
  "gif",
  "webp",
  "zip",
  "docx",
  "xlsx",
  "pptx",
  "mp4",
  "mov",
  "mp3",
  "gz",
  "7z",
  "rar",
  "pdf",
  "heic",
]);

/** Entry names: unique inside the zip ("report.pdf", "report (2).pdf"), no folders. */
export function zipEntryNames(names: string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((raw) => {
    const name = portableFileName(raw, "file");
    const lower = name.toLowerCase();
    const n = (seen.get(lower) ?? 0) + 1;
    seen.set(lower, n);
    if (n === 1) return name;
    const dot = name.lastIndexOf(".");
    return dot > 0 ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`;
  });
}

/**
 * A zip of stored files, produced while it is sent: one file is read at a time from the storage
 * driver and nothing of the whole archive is kept in memory or on disk. Missing files are skipped
 * (logged). Cancelling the returned stream (client gone) stops reading.
 */
export function streamZipOfFiles(
  files: Pick<FileRow, "storageKey" | "originalName" | "updatedAt">[],
): ReadableStream<Uint8Array> {
  const archive = new ZipArchive({ zlib: { level: 6 }, highWaterMark: 1024 * 1024 });
  const storage = getStorage();
  const names = zipEntryNames(files.map((f) => f.originalName));
  let cancelled = false;
  let current: Readable | null = null;

  archive.on("warning", (err) => logger.warn({ err }, "zip warning"));

  (async () => {
    for (let i = 0; i < files.length && !cancelled; i++) {
      const file = files[i];
      let source: Readable;
      try {
        source = await storage.get(file.storageKey);
      } catch (err) {
        logger.warn({ err, key: file.storageKey }, "zip: file missing, skipped");
        continue;
      }
      if (cancelled) {
        source.destroy();
        break;
      }
      current = source;
      const entryDone = once(archive, "entry");
      archive.append(source, {
        name: names[i],
        date: file.updatedAt,
        store: STORED_EXTENSIONS.has(extensionOf(file.originalName)),
      });
      await entryDone;
      current = null;
    }
    if (!cancelled) await archive.finalize();
  })().catch((err) => {
    logger.error({ err }, "zip failed");
    archive.destroy(err);
  });

  const web = Readable.toWeb(archive) as ReadableStream<Uint8Array>;
  // Wrap so a cancel from the consumer also stops the file being read.
  const reader = web.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    async cancel(reason) {
      cancelled = true;
      (current as Readable | null)?.destroy();
      archive.abort();
      await reader.cancel(reason).catch(() => {});
    },
  });
}

/** Zips the given file ids in that order (ids that no longer exist are left out). */
export async function streamZipOfFileIds(fileIds: number[]): Promise<ReadableStream<Uint8Array>> {
  return streamZipOfFiles(await getFilesByIds({ ids: fileIds }));
}

/** A zip file name that is safe in a header and on every file system. */
export function zipFileName(title: string): string {
  const base =
    title
      .replace(/[\u0000-\u001f\u007f\\/:*?"<>|]/g, " ")
      .replace(/\s+/g, " ")
      .trim()
      .slice(0, 100) || "attachments";
  return portableFileName(base.toLowerCase().endsWith(".zip") ? base : `${base}.zip`, "attachments.zip");
}

/**
 * The signed link `downloadattachment` answers with (`content.zip_file`): the zip of these files,
 * valid for the download TTL. The calendar's route calls this with the event's attachment ids.
 */
export function zipDownloadUrl(input: { fileIds: number[]; title: string; baseUrl: string }): string {
  return signArchiveUrl({
    fileIds: input.fileIds,
    name: zipFileName(input.title),
    ttlSeconds: downloadTtlSeconds(),
    baseUrl: input.baseUrl,
  });
}
