import "server-only";
import type { z } from "zod";
import type { ApiContext } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { COLOR_OPTION, type ColorOptionKind } from "./color-options";
import { saveColorOptionBody, toggleColorOptionBody } from "./color-option-schemas";
import { saveColorOption, toApiColorOption, toggleColorOptionStatus } from "./color-option-service";

/**
 * The handlers of the calendar keys' and attachment groups' v1 calls, each inside its route's own
 * withApi (administrators, `manageBackOffice`) and body schema.
 */

/** POST savemeetingkey / savegroup: add or update; answers the row and the spec's message. */
export function saveColorOptionHandler(kind: ColorOptionKind) {
  return async ({
    body,
    user,
    requestId,
  }: ApiContext<z.infer<ReturnType<typeof saveColorOptionBody>>>): Promise<Response> => {
    const saved = await saveColorOption(kind, body, { id: user.id, requestId });
    return ok(toApiColorOption(saved.row), saved.message);
  };
}

/** POST changemeetingstatus / changeattachmentstatus: flips the status, answers the refreshed list. */
export function toggleColorOptionHandler(kind: ColorOptionKind) {
  return async ({ body, user, requestId }: ApiContext<z.infer<typeof toggleColorOptionBody>>): Promise<Response> => {
    const rows = await toggleColorOptionStatus(kind, body.id, { id: user.id, requestId });
    return ok(
      rows.map(toApiColorOption),
      `${COLOR_OPTION[kind].listTitle.replace(/s$/, "")} Status Changed Successfully`,
    );
  };
}
