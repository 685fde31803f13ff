import { parse, readBody, withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { discardUploads, receiveUploads, type StoredUpload } from "@/lib/files/upload";
import { UPLOAD_KINDS } from "@/lib/storage/kinds";
import { sendNotification } from "@/lib/users/mutations";
import { PEOPLE_MESSAGES, notificationSchema, sendEmailBody } from "@/lib/users/schemas";

/** The message field may hold 65,534 characters of up to 4 bytes each. */
const FIELD_BYTES = 65_534 * 4;

/**
 * POST /api/v1/sendemail (administrators): the e-mail notification of the user list, one mail per
 * recipient through the outbox (people.ts sendNotification); `content.queued` is how many.
 *
 * The old portal's form data (`subject, message, filters, sort, users_arr, send_email, attachment`) with the
 * attachment as a file: the file streams to storage as the attachment upload kind (any type, 250 MB),
 * then is claimed with the mails in one transaction. JSON (or a form field `attachment` holding an
 * uploaded file's path, as the portal's own dialog sends after its upload with a progress bar) works
 * too. A refused request leaves no file behind. The body streams (busboy over the request stream;
 * proxy.ts does not run on /api, so nothing buffers it).
 */
export const POST = withApi({ capability: "manageBackOffice" }, {}, async ({ req, user, requestId }) => {
  let raw: Record<string, unknown> = {};
  let stored: StoredUpload[] = [];
  if (/^multipart\/form-data/i.test(req.headers.get("content-type") ?? "")) {
    stored = await receiveUploads(req, {
      kind: UPLOAD_KINDS.attachment,
      user,
      optional: true,
      fieldSize: FIELD_BYTES,
      onField: (name, value) => {
        raw[name] = value;
      },
    });
  } else {
    raw = (await readBody(req)) as Record<string, unknown>;
  }
  try {
    const body = parse(sendEmailBody, raw);
    const attachmentPath = stored[0]?.key ?? body.attachmentPath;
    const texts = parse(notificationSchema, { subject: body.subject, message: body.message, attachmentPath });
    const result = await sendNotification({ ...texts, ids: body.ids, filters: body.filters, actor: user, requestId });
    return ok(result, PEOPLE_MESSAGES.emailSent);
  } catch (err) {
    await discardUploads(stored);
    throw err;
  }
});
