import { portalFetch } from "@/lib/auth/session-ended";

/**
 * Browser helpers for stored files: they are served only through short-lived signed URLs
 * (GET /api/v1/getsignedurlpath?file=), fetched when the user opens a file.
 */
export async function fetchSignedUrl(path: string): Promise<string> {
  let res: Response;
  try {
    res = await portalFetch(`/api/v1/getsignedurlpath?file=${encodeURIComponent(path)}`);
  } catch {
    throw new Error("Remote server can not be reachable");
  }
  const body = (await res.json().catch(() => null)) as { message?: string; content?: { file_path?: string; url?: string } | string } | null;
  const content = body?.content;
  const url = typeof content === "string" ? content : (content?.file_path ?? content?.url);
  if (!res.ok || !url) throw new Error(body?.message ?? "The file could not be opened.");
  return url;
}

/**
 * Opens a stored file: the signed URL answers images inline and everything else as a download
 * (Content-Disposition: attachment), so going to it starts the download and the page stays where it
 * is; no blank tab is left behind.
 */
export async function openStoredFile(path: string): Promise<void> {
  const url = await fetchSignedUrl(path);
  window.location.assign(url);
}
