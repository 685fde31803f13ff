import { schema } from "@/lib/db";
import type { FormKey } from "@/lib/forms/form-keys";

/** The four staff forms' tables, by form key (each carries db/schema/request-state.ts's columns). */
export const REQUEST_TABLES = {
  ro_reversal: schema.roReversals,
  tech_time: schema.techTimes,
  improvement_suggestion: schema.improvementSuggestions,
  uniform_request: schema.uniformRequests,
} as const satisfies Record<FormKey, unknown>;
