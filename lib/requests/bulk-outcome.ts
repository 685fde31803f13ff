import type { FormKey } from "@/lib/forms/form-keys";
import { STAFF_FORMS } from "@/lib/forms/registry";
import { DECISION_LABELS, type Decision } from "./transitions";

type Item = { form: FormKey; id: number };

const requests = (n: number) => `${n} request${n === 1 ? "" : "s"}`;

/** A bulk decision's question before it runs: 'Approve 5 requests?'. */
export const bulkQuestion = (decision: Decision, n: number) => `${DECISION_LABELS[decision]} ${requests(n)}?`;

/**
 * What a bulk decision did, in one sentence for its answer: how many were decided, then each row not
 * decided and why ('#12: not yours to decide'); rows are named by the form too when the selection spans
 * several forms (the inbox), since ids repeat across forms.
 */
export function bulkOutcomeMessage(
  decision: Decision,
  outcome: { decided: Item[]; refused: (Item & { reason: string })[] },
): string {
  const n = outcome.decided.length + outcome.refused.length;
  const label = DECISION_LABELS[decision];
  if (!outcome.refused.length) return `${label}: ${requests(n)} decided.`;
  const forms = new Set([...outcome.decided, ...outcome.refused].map((i) => i.form));
  const name = (i: Item) => `${forms.size > 1 ? `${STAFF_FORMS[i.form].searchName} ` : ""}#${i.id}`;
  const list = outcome.refused.map((i) => `${name(i)}: ${i.reason}`).join("; ");
  return `${label}: ${outcome.decided.length} of ${requests(n)} decided. Not decided: ${list}.`;
}
