import { OWN_REQUEST_REFUSED } from "./access";
import type { BulkDecision } from "./transitions";

export type BulkRefusal = { id: number; status: number; message: string };

/** What a bulk decision did, as a person reads it: a summary, and a line for each request left undecided with why. */
export function bulkOutcome<R extends BulkRefusal>(
  decision: BulkDecision,
  decided: readonly number[],
  refused: readonly R[],
  /** How a request is named in a line ('#12' by default; a selection across forms names the form too). */
  label: (r: R) => string = (r) => `#${r.id}`,
): { summary: string; lines: string[] } {
  const done = `${decided.length} ${pastOf(decision)}`;
  const summary = refused.length ? `${done}, ${refused.length} not decided.` : `${done}.`;
  return { summary, lines: refused.map((r) => `${label(r)}: ${reasonOf(r)}`) };
}

/** 'approved', 'denied', 'moved under review', ... */
function pastOf(decision: BulkDecision): string {
  const past: Record<BulkDecision, string> = {
    approve: "approved",
    deny: "denied",
    review: "moved under review",
    accept: "accepted",
    decline: "declined",
  };
  return past[decision];
}

/** A refusal in a few words: whose it is, that it is gone, or the server's own words (who decided it first, ...). */
function reasonOf(r: BulkRefusal): string {
  if (r.message === OWN_REQUEST_REFUSED) return "your own request";
  if (r.status === 403) return "not yours to decide";
  if (r.status === 404) return "not found (deleted?)";
  return r.message;
}
