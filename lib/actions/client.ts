import type { ActionResult } from "@/lib/actions/action";
import { ApiCallError } from "@/lib/api/client";
import { signedIn } from "@/lib/auth/session-ended";

/**
 * Awaits a server action from the browser the way callV1 awaits a v1 call: its data, or an ApiCallError
 * with the server's message and status (the old portal's 'Remote server can not be reachable' when the
 * action could not be posted). A session that ended goes to sign-in (lib/auth/session-ended.ts).
 */
export async function runAction<T>(call: Promise<ActionResult<T>>): Promise<T> {
  let res: ActionResult<T>;
  try {
    res = await signedIn(call);
  } catch {
    throw new ApiCallError("Remote server can not be reachable", 0);
  }
  if (!res.ok) throw new ApiCallError(res.message, res.status);
  return res.data;
}
