import { nodeApiRoute } from "@/lib/api/node-route";
import { storeDocument } from "@/lib/files/api";

/**
 * POST /api/v1/store_document: a Pages Router API route so the upload streams from the raw request
 * (no body parsing, no web-stream wrapping); the handler is lib/files/api.ts.
 */
export const config = { api: { bodyParser: false } };

export default nodeApiRoute({ POST: storeDocument });
