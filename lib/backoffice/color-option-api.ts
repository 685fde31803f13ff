import "server-only";
import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { COLOR_OPTION, type ColorOptionKind } from "./color-options";
import { saveColorOptionBody, toggleColorOptionBody } from "./color-option-schemas";
import { saveColorOption, toApiColorOption, toggleColorOptionStatus } from "./color-option-service";

/** POST savemeetingkey / savegroup (administrators): add or update; answers the row and the spec's message. */
export function saveColorOptionRoute(kind: ColorOptionKind) {
  return withApi({ capability: "manageBackOffice" }, { body: saveColorOptionBody(kind) }, async ({ body, user, requestId }) => {
    const saved = await saveColorOption(kind, body, { id: user.id, requestId });
    return ok(toApiColorOption(saved.row), saved.message, saved.created ? 201 : 200);
  });
}

/** POST changemeetingstatus / changeattachmentstatus (administrators): flips the status, answers the refreshed list. */
export function toggleColorOptionRoute(kind: ColorOptionKind) {
  return withApi({ capability: "manageBackOffice" }, { body: toggleColorOptionBody }, async ({ body, user, requestId }) => {
    const rows = await toggleColorOptionStatus(kind, body.id, { id: user.id, requestId });
    return ok(rows.map(toApiColorOption), `${COLOR_OPTION[kind].listTitle.replace(/s$/, "")} Status Changed Successfully`);
  });
}
