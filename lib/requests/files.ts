import "server-only";
import { and, eq } from "drizzle-orm";
import { getDb, schema } from "@/lib/db";
import type { SessionUser } from "@/lib/auth/session";
import type { FormKey } from "@/lib/forms/form-keys";
import { REQUEST_TABLES } from "@/lib/forms/registry-server";
import { managesForms } from "@/lib/forms/submission";
import { inlineFileUrl, isImageFile, publicBaseUrl, signedDownloadUrl } from "@/lib/files/links";

/** A photo or document attached to a request as its record page lists it (links signed for a short while). */
export type RequestFile = {
  id: number;
  name: string;
  size: number;
  mime: string;
  /** The download link (signed; presigned on S3). */
  url: string;
  /** A same-origin link for the thumbnail, images only. */
  thumbnail: string | null;
  addedAt: Date;
};

/**
 * The files a request carries (docs/features/requests.md), oldest first. The caller has already decided that
 * `user` may open the request (its record page's ownRecordOr404): links are only handed to whoever may.
 */
export async function listRequestFiles(form: FormKey, id: number): Promise<RequestFile[]> {
  const db = await getDb();
  const rf = schema.requestFiles;
  const f = schema.files;
  const rows = await db
    .select({ file: f, addedAt: rf.createdAt })
    .from(rf)
    .innerJoin(f, eq(f.id, rf.fileId))
    .where(and(eq(rf.formKey, form), eq(rf.recordId, id)))
    .orderBy(rf.id);
  const baseUrl = publicBaseUrl();
  return Promise.all(
    rows.map(async ({ file, addedAt }) => ({
      id: file.id,
      name: file.originalName,
      size: file.size,
      mime: file.mime,
      url: await signedDownloadUrl(file, baseUrl),
      thumbnail: isImageFile(file) ? inlineFileUrl(file) : null,
      addedAt,
    })),
  );
}

/**
 * Whether a file belongs to a request, and if so whether `user` may open that request (its requester, whoever
 * manages the staff forms): "none" when no request carries it (other owners decide), else "ok" or "not_found".
 */
export async function requestFileAccess(
  fileId: number,
  user: Pick<SessionUser, "id" | "roleId">,
): Promise<"none" | "ok" | "not_found"> {
  const db = await getDb();
  const rf = schema.requestFiles;
  const links = await db.select({ form: rf.formKey, id: rf.recordId }).from(rf).where(eq(rf.fileId, fileId));
  if (!links.length) return "none";
  if (managesForms(user)) return "ok";
  for (const link of links) {
    const t = REQUEST_TABLES[link.form];
    const [row] = await db.select({ createdBy: t.createdBy }).from(t).where(eq(t.id, link.id)).limit(1);
    if (row?.createdBy === user.id) return "ok";
  }
  return "not_found";
}
