import { z } from "zod";
import { text } from "@/lib/validation/text";
import { API_FORMS, BULK_DECISIONS, DECISIONS } from "./transitions";
import { REQUEST_STATUSES } from "@/lib/forms/request-statuses";
import { FORM_KEYS, type FormKey } from "@/lib/forms/form-keys";
import { idSchema } from "@/lib/validation/id";

/** The decision of `POST /api/v1/request/decide` and of the record page's panel (the same schema). */
export const decideSchema = z.object({
  form: z.enum(Object.keys(API_FORMS) as [keyof typeof API_FORMS, ...(keyof typeof API_FORMS)[]], {
    error: "Form is not valid.",
  }),
  id: idSchema("Id is not valid.", { required: "Id is required." }),
  decision: z.enum(DECISIONS, { error: "Decision is not valid." }),
  comment: text().max(5000, "Comment may have at most 5000 characters.").optional().default(""),
  /** The status the caller saw; when the request has moved on since, the decision is refused (409). Optional for old clients. */
  expected_status: z.enum(REQUEST_STATUSES, { error: "Status is not valid." }).optional(),
  /** Storage paths of photos or documents the requester uploaded (kind `request`), sent with an answer. */
  files: z
    .array(text().max(300, "File is not valid."), { error: "Files are not valid." })
    .max(10, "At most 10 files.")
    .optional()
    .default([]),
});
export type DecideInput = z.input<typeof decideSchema>;

/** `POST /api/v1/request/withdraw` and the record page's Withdraw: the requester's own request, a reason optional. */
export const withdrawSchema = decideSchema.pick({ form: true, id: true, comment: true, expected_status: true });

const bulkDecision = z.enum([...BULK_DECISIONS.approval, ...BULK_DECISIONS.suggestion], {
  error: "Decision is not valid.",
});

/** A bulk decision on a selection that may span forms (a list's rows, the approvals inbox's). */
export const bulkDecideItemsSchema = z.object({
  items: z
    .array(z.object({ form: decideSchema.shape.form, id: decideSchema.shape.id }), {
      error: "Select at least one request.",
    })
    .min(1, "Select at least one request.")
    .max(500, "At most 500 requests at a time."),
  decision: bulkDecision,
  comment: decideSchema.shape.comment,
});

export const timelineQuery = z.object({
  form: decideSchema.shape.form,
  id: decideSchema.shape.id,
});

export const myRequestsQuery = z.object({
  form: decideSchema.shape.form.optional().catch(undefined),
  status: z.enum(REQUEST_STATUSES).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100000).optional().catch(1).default(1),
  size: z.coerce.number().int().min(1).max(100).optional().catch(25).default(25),
});
export type MyRequestsQuery = z.infer<typeof myRequestsQuery>;

/** The approvals inbox's filters and page (a bad value is dropped, as on My requests). */
export const approvalsQuery = z.object({
  form: myRequestsQuery.shape.form,
  location: idSchema("Location is not valid.").optional().catch(undefined),
  status: myRequestsQuery.shape.status,
  page: myRequestsQuery.shape.page,
  size: myRequestsQuery.shape.size,
});
export type ApprovalsQuery = z.infer<typeof approvalsQuery>;

/** The administrators' deadline form: each form's target in working days (0: no target; at most 60). */
const days = z.coerce
  .number({ error: "Enter a number of working days." })
  .int("Enter whole working days.")
  .min(0, "At least 0 working days.")
  .max(60, "At most 60 working days.");
export const requestTargetsSchema = z.object(
  Object.fromEntries(FORM_KEYS.map((key) => [key, days])) as Record<FormKey, typeof days>,
);

/** An administrator's assignment of an approver to an unrouted submission. */
export const assignSchema = z.object({
  form: decideSchema.shape.form,
  id: decideSchema.shape.id,
  assignee_id: idSchema("Select an approver."),
});
