import { parse, withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { sendNotification } from "@/lib/users/people";
import { PEOPLE_MESSAGES, notificationSchema } from "@/lib/users/profile-schemas";
import { sendEmailBody } from "@/lib/users/schemas";

/**
 * POST /api/v1/sendemail (administrators): the e-mail notification of the user list, one mail per
 * recipient through the outbox (lib/users/people.ts sendNotification). `content.queued` is how many.
 */
export const POST = withApi({ capability: "manageBackOffice" }, { body: sendEmailBody }, async ({ user, body, requestId }) => {
  const texts = parse(notificationSchema, { subject: body.subject, message: body.message, attachmentPath: body.attachmentPath });
  const result = await sendNotification({ ...texts, ids: body.ids, filters: body.filters, actor: user, requestId });
  return ok(result, PEOPLE_MESSAGES.emailSent);
});
