import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { importUsers } from "@/lib/users/import";
import { importUsersBody } from "@/lib/users/schemas";

/**
 * POST /api/v1/importusers (administrators): `file`, a CSV with the user export's columns uploaded
 * first (store_document?kind=document answers its path), and `commit`. Without `commit` the answer is
 * the preview (each row: create, change, unchanged or refuse, with the changes and reasons); with it,
 * the same rows are written in one transaction (lib/users/import.ts).
 */
export const POST = withApi(
  { capability: "manageBackOffice" },
  { body: importUsersBody },
  async ({ user, body, requestId }) => {
    const result = await importUsers({ file: body.file, commit: body.commit, actorId: user.id, requestId });
    const message = result.committed
      ? `Imported: ${result.counts.create} created, ${result.counts.change} changed, ${result.counts.refuse} refused.`
      : `Preview: ${result.counts.create} to create, ${result.counts.change} to change, ${result.counts.refuse} refused.`;
    return ok(result, message);
  },
);
