import { STATUS_LABELS, TRANSITIONS, type Workflow } from "./transitions";
import { REQUEST_STATUSES, type RequestStatus } from "@/lib/forms/request-statuses";

/** The lists' Status filter: a select whose values are numbers (the lists' id filters), 1-based positions in REQUEST_STATUSES. */
export const STATUS_FILTER = REQUEST_STATUSES.map((s, i) => ({ value: i + 1, text: STATUS_LABELS[s] }));
/** The statuses a workflow's requests can be in (its transitions' ends), in REQUEST_STATUSES' order. */
export function statusesOf(workflow: Workflow): RequestStatus[] {
  const table = TRANSITIONS[workflow];
  const seen = new Set<string>(["submitted"]);
  for (const [from, steps] of Object.entries(table)) {
    seen.add(from);
    for (const to of Object.values(steps ?? {})) seen.add(to);
  }
  return REQUEST_STATUSES.filter((s) => seen.has(s));
}

/** A list's Status filter: only the statuses its form's workflow has (the values stay STATUS_FILTER's numbers). */
export const statusFilterOf = (workflow: Workflow) => {
  const mine = new Set<RequestStatus>(statusesOf(workflow));
  return STATUS_FILTER.filter((o) => mine.has(REQUEST_STATUSES[o.value - 1]));
};
export const statusOfFilter = (value: string): RequestStatus | null => REQUEST_STATUSES[Number(value) - 1] ?? null;

/** The request columns every staff-form list and export gains (docs/features/requests.md). */
export const REQUEST_STATE_COLUMNS = [
  { id: "status", label: "Status" },
  { id: "decided_by", label: "Decided By" },
  { id: "decided_at", label: "Decided At" },
] as const;
