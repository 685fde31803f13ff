import type { NextRequest } from "next/server";
import { publicRoute } from "@/lib/api/public-route";
import { serveSignedFile } from "@/lib/files/serve";

type Ctx = { params: Promise<{ key: string[] }> };

/**
 * GET /api/files/<key>?e=&s=: a stored file behind a short-lived HMAC signature (handed out by
 * getsignedurlpath and the pages). Public on purpose: the signature is the permission, so links
 * also work in a new window or a v1 client's browser. A tampered or expired link is a 403.
 */
export const GET = publicRoute(async (req: NextRequest, ctx: Ctx) => serveSignedFile(req, (await ctx.params).key.join("/")));
export const HEAD = GET;
