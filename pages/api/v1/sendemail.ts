import { nodeApiRoute } from "@/lib/api/node-route";
import { sendEmail } from "@/lib/users/send-email-route";

/**
 * POST /api/v1/sendemail: a Pages Router API route so an attached file streams from the raw request
 * (form data of up to 250 MB); the handler is lib/users/send-email-route.ts.
 */
export const config = { api: { bodyParser: false } };

export default nodeApiRoute({ POST: sendEmail });
