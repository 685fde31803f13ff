/**
 * Browser helpers for stored files: they are served only through short-lived signed URLs
 * (GET /api/v1/getsignedurlpath?file=), fetched when the user opens a file.
 */
export async function fetchSignedUrl(path: string): Promise<string> {
  let res: Response;
  try {
    res = await fetch(`/api/v1/getsignedurlpath?file=${encodeURIComponent(path)}`, { credentials: "same-origin" });
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
 * Opens a stored file in a new tab. The tab is opened during the click (so pop-up blockers allow it)
 * and sent to the signed URL once it arrives; on failure it is closed and the error is rethrown.
 */
export async function openStoredFile(path: string): Promise<void> {
  const win = window.open("about:blank", "_blank");
  try {
    const url = await fetchSignedUrl(path);
    if (win) {
      win.opener = null;
      win.location.href = url;
    } else {
      window.location.assign(url);
    }
  } catch (err) {
    win?.close();
    throw err;
  }
}
