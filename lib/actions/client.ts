import type { ActionResult } from "@/lib/actions/action";
import { UNREACHABLE } from "@/lib/api/unreachable";
import { isSessionEnded, sessionEnded } from "@/lib/auth/session-ended";

/**
 * The one way the browser awaits a server action: its result, where a call that could not be posted
 * (offline, the server down or failing) is a failed result with the old portal's 'Remote server can not
 * be reachable', and a call that found the session gone goes to sign-in instead of returning
 * (lib/auth/session-ended.ts). It never throws, so every screen handles one shape: `res.ok`.
 */
export async function callAction<T>(call: Promise<ActionResult<T>>): Promise<ActionResult<T>> {
  let result: ActionResult<T>;
  try {
    result = await call;
  } catch {
    return { ok: false, status: 0, message: UNREACHABLE };
  }
  return isSessionEnded(result) ? sessionEnded(result.ok ? undefined : result.reason) : result;
}
