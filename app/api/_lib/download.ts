import { AppError } from "@/lib/errors";
import type { ExportFile } from "@/lib/data-table/export";
import { contentDisposition } from "@/lib/storage/content-disposition";
import { withTightHeap } from "@/lib/system/export-heap";

/**
 * The answer of an export link (`app/api/export/<list>/route.ts`, inside the route's withApi): 403 for
 * an expired link, a forged one or another user's; else the file as a download, never sniffed or cached.
 */
export function exportLinkResponse<P extends { u: number }>(
  check: { status: "ok"; payload: P } | { status: "expired" | "invalid" },
  userId: number,
  file: (payload: P) => ExportFile,
): Response {
  if (check.status === "expired") throw new AppError(403, "This link has expired. Please export again.");
  if (check.status !== "ok" || check.payload.u !== userId) throw new AppError(403, "This link is not valid.");
  return downloadResponse(file(check.payload));
}

/** An export as a download: never sniffed or cached, streamed with the export's heap factor (lib/system/export-heap.ts). */
export function downloadResponse(f: ExportFile): Response {
  return new Response(withTightHeap(f.body), {
    headers: {
      "content-type": f.type,
      "content-disposition": contentDisposition("attachment", f.name),
      "x-content-type-options": "nosniff",
      "cache-control": "no-store",
    },
  });
}
