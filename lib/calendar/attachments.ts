import "server-only";
import { AppError } from "@/lib/errors";
import type { SessionUser } from "@/lib/auth/session";
import type { ApiAttachment } from "./types";

/**
 * Event attachments live in the files issue's `files` table. Until that table is merged, no event can
 * carry attachments: these functions refuse them instead of storing ids that point nowhere.
 */

const NOT_YET = "Attachments are not available yet.";

/** The attachments of an event, in order, in the v1 shape. */
export async function listEventAttachments({ fileIds }: { fileIds: number[] }): Promise<ApiAttachment[]> {
  if (fileIds.length === 0) return [];
  return [];
}

/** Checks that the files exist and may be attached by `user`; returns them in order. */
export async function assertAttachable(fileIds: number[], _user: SessionUser): Promise<number[]> {
  if (fileIds.length > 0) throw new AppError(422, NOT_YET, { attachmentIds: [NOT_YET] });
  return [];
}

/** addupdateevent's imagePath[] (paths from store_document) to file ids. */
export async function resolveLegacyAttachments(body: unknown, user: SessionUser): Promise<number[]> {
  const paths = body && typeof body === "object" ? (body as Record<string, unknown>).imagePath : undefined;
  const list = Array.isArray(paths) ? paths.filter((p) => typeof p === "string" && p) : typeof paths === "string" && paths ? [paths] : [];
  if (list.length > 0) throw new AppError(422, NOT_YET, { imagePath: [NOT_YET] });
  return assertAttachable([], user);
}
