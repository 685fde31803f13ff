import type { NextRequest } from "next/server";
import { publicRoute } from "@/lib/api/public-route";
import { contentDisposition } from "@/lib/storage/content-disposition";
import { verifyArchiveSignature } from "@/lib/storage/signing";
import { streamZipOfFileIds, zipFileName } from "@/lib/files/archive";

/**
 * GET /api/zip?ids=&name=&e=&s=: a zip of the listed files, built while it streams (the signed link
 * downloadattachment answers with). A tampered or expired link is a 403.
 */
export const GET = publicRoute(async (req: NextRequest) => {
  const { status, fileIds, name } = verifyArchiveSignature(new URL(req.url).searchParams);
  if (status !== "ok") {
    return new Response(
      status === "expired" ? "This link has expired. Please download again." : "This link is not valid.",
      {
        status: 403,
        headers: { "content-type": "text/plain; charset=utf-8", "x-content-type-options": "nosniff" },
      },
    );
  }
  return new Response(await streamZipOfFileIds(fileIds), {
    headers: {
      "content-type": "application/zip",
      "content-disposition": contentDisposition("attachment", zipFileName(name)),
      "x-content-type-options": "nosniff",
      "cache-control": "no-store",
    },
  });
});
