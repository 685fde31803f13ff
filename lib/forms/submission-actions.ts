import "server-only";
import type { z } from "zod";
import { createAction } from "@/lib/actions/action";
import type { SessionUser } from "@/lib/auth/session";
import type { AnyList } from "@/lib/data-table/list-definition";
import { listDeleteAction } from "@/lib/data-table/delete-action";
import { deleteTexts } from "@/lib/forms/delete-texts";
import { requestBaseUrl } from "@/lib/forms/submission";

/**
 * A simple staff form's server actions (its actions.ts exports them under "use server"): `save` adds or
 * updates a `what` ('Time-off Request Added Successfully' / '... Updated Successfully') through the
 * form's save, which queues its mail; `remove` is the list's multi-select delete (roles 1 and 2).
 */
export function submissionActions<S extends z.ZodType<unknown, unknown>, R>(
  what: string,
  schema: S,
  save: (input: z.output<S>, user: SessionUser, call: { baseUrl: string }) => Promise<R>,
  list: AnyList,
) {
  return {
    save: createAction({}, schema, async (input, user) => ({
      ok: true as const,
      data: await save(input, user, { baseUrl: await requestBaseUrl() }),
      message: `${what} ${(input as { id?: number | null }).id ? "Updated" : "Added"} Successfully`,
    })),
    remove: listDeleteAction({ capability: "manageStaffForms" }, list.remove, deleteTexts(what).done),
  };
}
