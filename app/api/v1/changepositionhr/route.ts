import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { saveHrOrder } from "@/lib/users/mutations";
import { PEOPLE_MESSAGES, changePositionHrBody } from "@/lib/users/schemas";

/** POST /api/v1/changepositionhr (administrators): `imageList`, the users in their new order; saved in one transaction. */
export const POST = withApi(
  { capability: "manageBackOffice" },
  { body: changePositionHrBody },
  async ({ user, body, requestId }) => {
    await saveHrOrder({ ids: body.imageList, actor: user, requestId });
    return ok(null, PEOPLE_MESSAGES.hrSaved);
  },
);
