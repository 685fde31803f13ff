import { z } from "zod";
import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { validatePayload } from "@/lib/content/api";
import { commentFormSchema } from "@/lib/content/schemas";
import { addComment } from "@/lib/content/mutations";

const body = z.object({ comment: z.unknown(), sales_id: z.unknown() }).passthrough();

/** POST /api/v1/store_comment {comment, sales_id} (role 1). */
export const POST = withApi({ capability: "manageContent" }, { body }, async ({ user, body }) => {
  const input = validatePayload(
    commentFormSchema,
    { postId: Number(body.sales_id), comment: typeof body.comment === "string" ? body.comment : undefined },
    { postId: "sales_id" },
  );
  const { id, message } = await addComment(input, user);
  return ok({ id }, message);
});
