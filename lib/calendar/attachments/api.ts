import "server-only";
import { inlineFileUrl, isImageFile, signedDownloadUrl } from "@/lib/files/links";
import type { FileRow } from "@/lib/files/queries";
import { extensionOf } from "@/lib/storage/kinds";
import type { ApiAttachment } from "../types";
import type { AttachmentFile } from "./queries";

/** The v1 shape, with a short-lived download link and, for pictures, a same-origin preview link. */
export async function toApiAttachments(files: AttachmentFile[], baseUrl: string): Promise<ApiAttachment[]> {
  return Promise.all(
    files.map(async (file) => ({
      id: file.id,
      url: await signedDownloadUrl(file as FileRow, baseUrl),
      thumb_url: isImageFile(file) ? inlineFileUrl(file) : null,
      document_path: file.storageKey,
      document_name: file.originalName,
      doc_extension: extensionOf(file.originalName),
      file_type: file.mime,
      size: file.size,
    })),
  );
}

/** addupdateevent's imagePath[] (paths from store_document), as a list. */
export function legacyImagePaths(body: unknown): string[] {
  const paths = body && typeof body === "object" ? (body as Record<string, unknown>).imagePath : undefined;
  if (Array.isArray(paths)) return paths.filter((p): p is string => typeof p === "string" && p.trim() !== "");
  return typeof paths === "string" && paths.trim()
    ? paths
        .split(",")
        .map((p) => p.trim())
        .filter(Boolean)
    : [];
}
