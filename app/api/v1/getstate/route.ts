import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { listStates } from "@/lib/users/queries";
import { getStateBody } from "@/lib/users/schemas";

/** POST /api/v1/getstate (administrators): the states as `{ value, text, code }`, optionally matching `search`. */
export const POST = withApi({ capability: "manageBackOffice" }, { body: getStateBody }, async ({ body }) =>
  ok(await listStates(body.search || undefined)),
);
