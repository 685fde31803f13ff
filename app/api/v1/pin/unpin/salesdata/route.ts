import { z } from "zod";
import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { validatePayload } from "@/lib/content/api";
import { pinSchema } from "@/lib/content/schemas";
import { setPinned } from "@/lib/content/mutations";

const body = z.object({ salesId: z.unknown(), salest_type: z.unknown(), type: z.unknown() }).passthrough();

/** POST /api/v1/pin/unpin/salesdata {salesId, salest_type: discussion|attachment, type: Pin|Unpin} (role 1). */
export const POST = withApi({ capability: "manageContent" }, { body }, async ({ user, body }) => {
  const type = typeof body.type === "string" ? body.type.toLowerCase() : "";
  const input = validatePayload(
    pinSchema,
    {
      id: Number(body.salesId),
      kind: typeof body.salest_type === "string" ? body.salest_type.toLowerCase() : body.salest_type,
      pin: type === "pin" ? true : type === "unpin" ? false : undefined,
    },
    { id: "salesId", kind: "salest_type", pin: "type" },
  );
  const { message } = await setPinned(input, user);
  return ok(message, message);
});
