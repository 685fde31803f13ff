import { callV1 } from "@/lib/api/client";

/**
 * Browser helpers for stored files: they are served only through short-lived signed URLs
 * (GET /api/v1/getsignedurlpath?file=), fetched when the user opens a file.
 */
export async function fetchSignedUrl(path: string): Promise<string> {
  const failure = "The file could not be opened.";
  const content = await callV1<{ file_path?: string; url?: string } | string | undefined>(
    `/api/v1/getsignedurlpath?file=${encodeURIComponent(path)}`,
    { failure },
  );
  const url = typeof content === "string" ? content : (content?.file_path ?? content?.url);
  if (!url) throw new Error(failure);
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
