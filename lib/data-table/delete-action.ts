import { headers } from "next/headers";
import { createAction } from "@/lib/actions/action";
import type { Capability, PermissionName } from "@/lib/auth/roles";
import type { SessionUser } from "@/lib/auth/session";
import { requestIdFrom } from "@/lib/log";
import { deleteRecordsBody } from "./list-body";

type Remove = (input: { ids: number[]; user: SessionUser; requestId?: string | null }) => Promise<{
  deleted: number[];
}>;

/**
 * A list's multi-select delete as a server action (components/data-table/bulk-delete.tsx): the access,
 * body and function of its v1 delete call, so the same rows go with the same audit entries, and the
 * call's done message. `body` is the call's own where its limit names what it deletes (users).
 */
export function listDeleteAction(
  access: { capability?: Capability; permission?: PermissionName },
  remove: Remove,
  done: string,
  body: typeof deleteRecordsBody = deleteRecordsBody,
) {
  return createAction(access, body, async (input, user) => {
    const data = await remove({ ids: input.deleteArr, user, requestId: requestIdFrom(await headers()) });
    return { ok: true as const, data, message: done };
  });
}
