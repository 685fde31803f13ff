import { STATUS_LABELS } from "./transitions";
import { REQUEST_STATUSES, type RequestStatus } from "@/lib/forms/request-statuses";

/** The lists' Status filter: a select whose values are numbers (the lists' id filters), 1-based positions in REQUEST_STATUSES. */
export const STATUS_FILTER = REQUEST_STATUSES.map((s, i) => ({ value: i + 1, text: STATUS_LABELS[s] }));
export const statusOfFilter = (value: string): RequestStatus | null => REQUEST_STATUSES[Number(value) - 1] ?? null;

/** The request columns every staff-form list and export gains (docs/features/requests.md). */
export const REQUEST_STATE_COLUMNS = [
  { id: "status", label: "Status" },
  { id: "decided_by", label: "Decided By" },
  { id: "decided_at", label: "Decided At" },
] as const;
