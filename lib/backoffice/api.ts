import "server-only";
import type { z } from "zod";
import type { ApiContext } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { colorObject } from "./color";
import { statusChangedMessage, type ApiColorOption, type ColorOptionKind, type ColorOptionRow } from "./color-options";
import { saveColorOptionBody, toggleColorOptionBody } from "./schemas";
import { saveColorOption, toggleColorOptionStatus } from "./mutations";

/** A key or group under the v1 names (value, text, color_code, color_code_obj, status). */
export function toApiColorOption(row: ColorOptionRow): ApiColorOption {
  return {
    value: row.id,
    text: row.name,
    color_code: row.colorCode,
    color_code_obj: colorObject(row.colorCode),
    status: row.status,
  };
}

/**
 * The handlers of the calendar keys' and attachment groups' v1 calls, each inside its route's own
 * withApi (administrators, `manageBackOffice`) and body schema.
 */

/** POST savemeetingkey / savegroup: add or update; answers the row and the old portal's message. */
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
    return ok(rows.map(toApiColorOption), statusChangedMessage(kind));
  };
}
