"use server";

import { createAction } from "@/lib/actions/action";
import { suggestionWithIdSchema } from "./schemas";
import { SUGGESTION_SAVED, saveSuggestion } from "./mutations";
import { listDeleteAction } from "@/lib/data-table/delete-action";
import { deleteTexts } from "@/lib/forms/delete-texts";
import { SUGGESTION_WHAT } from "./columns";
import { suggestionList } from "./queries";

/** Adds a suggestion (everyone) or updates one (roles 1 and 2: any; others: their own). */
export const saveSuggestionAction = createAction({}, suggestionWithIdSchema, async (input, user) => {
  const data = await saveSuggestion(input, user);
  return { ok: true as const, data, message: SUGGESTION_SAVED };
});

/** The list's multi-select delete (every user: roles 1 and 2 any, others their own): what suggestions/delete does. */
export const deleteSuggestionsAction = listDeleteAction({}, suggestionList.remove, deleteTexts(SUGGESTION_WHAT).done);
