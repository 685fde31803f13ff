import "server-only";
import { createElement } from "react";
import { z } from "zod";
import { and, eq, ne } from "drizzle-orm";
import { schema, type Db, type Tx } from "@/lib/db";
import { enqueueMails, type MailMessage } from "@/lib/mail/outbox";
import { publicOrigin } from "@/lib/http/forwarded";
import { SubmissionMail } from "@/lib/mail/templates/submission-mail";
import { FORM_LABELS, type FormKey } from "./form-keys";
import { renderMailHtml } from "@/lib/mail/render";

export type SubmissionMailInput = {
  form: FormKey;
  locationId: number | null;
  managerEmail: string | null;
  submitter: { id: number; name: string; email: string | null };
  /** The mail's subject and heading: the request's reference ('RO reversal RA-300010 · Jane Doe', lib/forms/references.ts). */
  title: string;
  /** The submitted fields in the form's order, as displayed (dates MM/DD/YYYY). */
  fields: { label: string; value: string }[];
  /** The record's path in the portal (`/roreversal/view/12`, its detail page); the mail links to it absolutely. */
  recordPath: string;
  /** The portal's public origin; defaults to APP_URL / AUTH_URL (lib/http/forwarded.ts). */
  baseUrl?: string;
};

const isEmail = (v: string | null | undefined): v is string => !!v && z.email().max(254).safeParse(v).success;
const unique = (list: (string | null | undefined)[]) => {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const v of list) {
    if (!isEmail(v) || seen.has(v.toLowerCase())) continue;
    seen.add(v.toLowerCase());
    out.push(v);
  }
  return out;
};

function plainText(intro: string, fields: SubmissionMailInput["fields"], link: string): string {
  return [
    intro,
    "",
    ...fields.map((f) => `${f.label}: ${f.value.includes("\n") ? `\n${f.value}` : f.value}`),
    "",
    `Open the record: ${link}`,
    "",
  ].join("\n");
}

/**
 * Queues the e-mails of a staff form submission in the caller's transaction (so the submission and
 * its mail commit together): one mail to the To/CC recipients the form email manager maps to the form
 * and location plus the location's manager, and a copy to the submitter. Recipient lists are
 * de-duplicated (case-insensitively) and addresses that are not e-mails are skipped.
 *
 * `routed` is false when no open mapping exists for the form and location: the submission is still
 * saved (and the manager, when known, still mailed); administrators see it flagged.
 */
export async function enqueueSubmissionMail(tx: Db | Tx, input: SubmissionMailInput): Promise<{ routed: boolean }> {
  const m = schema.formEmailMappings;
  const [mapping] =
    input.locationId == null
      ? []
      : await tx
          .select({ id: m.id, to: m.toEmails, cc: m.ccEmails })
          .from(m)
          .where(and(eq(m.formKey, input.form), eq(m.locationId, input.locationId), ne(m.status, "Close")))
          .limit(1);
  // The mapping's approvers (portal users, docs/features/requests.md) are mailed too: the link takes them to the decision panel.
  const approverEmails = mapping
    ? (
        await tx
          .select({ email: schema.users.email })
          .from(schema.formMappingApprovers)
          .innerJoin(schema.users, eq(schema.users.id, schema.formMappingApprovers.userId))
          .where(eq(schema.formMappingApprovers.mappingId, mapping.id))
      ).map((r) => r.email)
    : [];
  const base = input.baseUrl ?? publicOrigin();
  const link = new URL(input.recordPath, base).toString();
  const formName = FORM_LABELS[input.form];
  const render = (intro: string) => ({
    text: plainText(intro, input.fields, link),
    html: renderMailHtml(createElement(SubmissionMail, { title: input.title, intro, fields: input.fields, link })),
  });

  const messages: MailMessage[] = [];
  const to = unique([...(mapping?.to ?? []), input.managerEmail, ...approverEmails]);
  const toSet = new Set(to.map((a) => a.toLowerCase()));
  const cc = unique(mapping?.cc ?? []).filter((a) => !toSet.has(a.toLowerCase()));
  if (to.length) {
    messages.push({
      to,
      ...(cc.length ? { cc } : {}),
      subject: input.title,
      ...render(`${input.submitter.name || "A user"} submitted the ${formName}.`),
    });
  }
  if (isEmail(input.submitter.email)) {
    messages.push({
      to: input.submitter.email,
      subject: `Copy: ${input.title}`,
      ...render(`A copy of the ${formName} you submitted.`),
    });
  }
  if (messages.length) await enqueueMails(tx, messages);
  return { routed: !!mapping };
}
