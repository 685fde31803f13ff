import { z } from "zod";
import { text } from "@/lib/validation/text";
import { API_FORMS, APPROVER_STATUSES, BULK_DECISIONS, DECISIONS } from "./transitions";
import { REQUEST_STATUSES, type RequestStatus } from "@/lib/forms/request-statuses";
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
});
export type DecideInput = z.input<typeof decideSchema>;

/** Bulk decisions from a list (a form's list, or the approvers' inbox across forms): one comment for every selected row. */
export const bulkDecideSchema = z.object({
  items: z
    .array(z.object({ form: decideSchema.shape.form, id: decideSchema.shape.id }))
    .min(1, "Select at least one request.")
    .max(500, "At most 500 requests at a time."),
  decision: z.enum([...BULK_DECISIONS.approval, ...BULK_DECISIONS.suggestion], { error: "Decision is not valid." }),
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

/**
 * `GET /api/v1/approvals?form=&location=&status=&page=&size=`: the approvers' inbox. Without a status, the
 * requests waiting for a first decision; a status is one an approver decides from (APPROVER_STATUSES).
 */
export const approvalsQuery = z.object({
  form: decideSchema.shape.form.optional(),
  location: z.coerce
    .number({ error: "Location is not valid." })
    .int("Location is not valid.")
    .positive("Location is not valid.")
    .max(2147483647, "Location is not valid.")
    .optional(),
  status: z
    .enum(APPROVER_STATUSES as [RequestStatus, ...RequestStatus[]], { error: "Status is not valid." })
    .optional(),
  page: z.coerce.number().int("Page is not valid.").min(1, "Page is not valid.").max(100000).optional().default(1),
  size: z.coerce.number().int("Size is not valid.").min(1, "Size is not valid.").max(500).optional().default(25),
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
