import { publicRoute } from "@/lib/api/public-route";
import { serveSignedFile } from "@/lib/files/serve";

/**
 * GET/HEAD /api/files/<key>?e=&s=: a stored file behind a short-lived HMAC signature (handed out by
 * getsignedurlpath and the pages). Public on purpose: the signature is the permission, so links also
 * work in a new window or a v1 client's browser. A tampered or expired link is a 403.
 *
 * A Pages Router API route, so the bytes go from a file read stream straight into the Node response
 * (the App Router's web-stream response path halved the download speed). The decisions (signature,
 * Range, conditional requests, headers) are lib/files/serve.ts's answerSignedFile.
 */
export const config = { api: { bodyParser: false, responseLimit: false } };

export default publicRoute(serveSignedFile);
