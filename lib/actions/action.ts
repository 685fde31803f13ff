import { z } from "zod";
import "@/lib/validation/messages";
import { cookies, headers } from "next/headers";
import { AppError, DATABASE_UNAVAILABLE, unauthorized } from "@/lib/errors";
import { isDatabaseUnavailable } from "@/lib/db/retry";
import { logger } from "@/lib/log";
import { getCurrentUser, requireCapability, requirePermission } from "@/lib/auth/guards";
import { sessionEndReason, type SessionUser } from "@/lib/auth/session";
import type { Capability, PermissionName } from "@/lib/auth/roles";
import type { Access } from "@/lib/api/with-api";
import { CROSS_SITE_REFUSED, fieldErrorsOf } from "@/lib/api/with-api";
import { isSameOriginRequest } from "@/lib/http/forwarded";
import { overStored } from "@/lib/validation/partial";

/**
 * Whether the action was posted from another origin: a foreign, `null` or malformed Origin, or a
 * browser's Sec-Fetch-Site other than same-origin. proxy.ts refuses these (and a browser POST with
 * neither header) with a 4xx before Next sees them; this is the same rule where the action runs.
 */
async function isCrossSiteAction(): Promise<boolean> {
  const h = await headers();
  const origin = h.get("origin");
  const site = h.get("sec-fetch-site");
  if (origin === null && (site === null || site === "same-origin")) return false;
  const proto = h.get("x-forwarded-proto")?.split(",")[0]?.trim() === "https" ? "https" : "http";
  try {
    return !isSameOriginRequest({ url: `${proto}://${h.get("host") ?? "localhost"}/`, headers: h });
  } catch {
    return true; // a Host that is not a host
  }
}

export type ActionResult<T = undefined> =
  | { ok: true; data: T; message?: string }
  | {
      ok: false;
      status: number;
      message: string;
      fieldErrors?: Record<string, string[]>;
      sessionEnded?: true;
      reason?: "SessionEnded" | "AccessChanged";
    };

export type Action<I, T> = ((input: I) => Promise<ActionResult<T>>) & {
  access: Access;
  /** The input schema (what the tests fill with hostile text). */
  schema: z.ZodType;
};

/** FormData (from a <form action>) or a plain object (from react-hook-form) to a plain object. */
function toObject(input: unknown): unknown {
  if (typeof FormData !== "undefined" && input instanceof FormData) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of input.entries()) {
      if (k.startsWith("$ACTION")) continue;
      out[k] = k in out ? ([] as unknown[]).concat(out[k], v) : v;
    }
    return out;
  }
  return input;
}

/**
 * Options of an update action. `stored` answers the record's stored values in the form's shape for the
 * (not yet validated) input, or null for a new record: the input is laid over them before the schema
 * runs, so a field the input leaves out keeps what is stored (docs/decisions.md, lib/validation/partial.ts).
 */
export type ActionOptions = {
  stored?: (input: Record<string, unknown>, user: SessionUser) => Promise<Record<string, unknown> | null>;
};

/**
 * The one wrapper for server actions (every action is a public endpoint): gets the session, decides
 * access (deny by default), re-parses the input with the form's zod schema (over the stored values for
 * an update with `options.stored`), and returns `{ ok: true, data } | { ok: false, message, fieldErrors }`.
 * Unexpected errors are logged and answered without detail.
 */
export function createAction<S extends z.ZodType, T>(
  access: { public: true },
  schema: S,
  handler: (input: z.infer<S>, user: SessionUser | null) => Promise<T | ActionResult<T>>,
): Action<z.input<S> | FormData, T>;
export function createAction<S extends z.ZodType, T>(
  access: { capability?: Capability; permission?: PermissionName },
  schema: S,
  handler: (input: z.infer<S>, user: SessionUser) => Promise<T | ActionResult<T>>,
  options?: ActionOptions,
): Action<z.input<S> | FormData, T>;
export function createAction<S extends z.ZodType, T>(
  access: Access,
  schema: S,
  handler: (input: z.infer<S>, user: any) => Promise<T | ActionResult<T>>, // eslint-disable-line @typescript-eslint/no-explicit-any
  options: ActionOptions = {},
): Action<z.input<S> | FormData, T> {
  const action = async (input: unknown): Promise<ActionResult<T>> => {
    try {
      if (await isCrossSiteAction()) return { ok: false, status: 403, message: CROSS_SITE_REFUSED };
      const user = await getCurrentUser();
      if (!("public" in access)) {
        // No session (signed out elsewhere, expired, revoked): the client ends it and goes to sign-in
        // (lib/auth/session-ended.ts), instead of showing the message on a page it can no longer use.
        if (!user) {
          const jar = await cookies();
          const reason = (await sessionEndReason((name) => jar.get(name)?.value).catch(() => null)) ?? "SessionEnded";
          return { ok: false, status: 401, message: unauthorized().message, sessionEnded: true, reason };
        }
        if (access.capability) await requireCapability(access.capability, user);
        if (access.permission) await requirePermission(access.permission, user);
      }
      let raw = toObject(input);
      if (options.stored && user && raw && typeof raw === "object" && !Array.isArray(raw)) {
        const stored = await options.stored(raw as Record<string, unknown>, user);
        if (stored) raw = overStored(stored, raw);
      }
      const parsed = schema.safeParse(raw);
      if (!parsed.success) {
        return {
          ok: false,
          status: 422,
          message: parsed.error.issues[0]?.message ?? "The request is not valid.",
          fieldErrors: fieldErrorsOf(parsed.error),
        };
      }
      const result = await handler(parsed.data, user);
      if (result && typeof result === "object" && "ok" in result && typeof result.ok === "boolean") {
        return result as ActionResult<T>;
      }
      return { ok: true, data: result as T };
    } catch (err) {
      if (err instanceof AppError) {
        return { ok: false, status: err.status, message: err.message, fieldErrors: err.fieldErrors };
      }
      // The database could not answer (before or after the session was read): 'try again', which
      // callAction shows like any refusal; never the session-ended result, which signs the browser out.
      if (isDatabaseUnavailable(err)) {
        logger.warn({ err }, "action: database unavailable");
        return { ok: false, status: 503, message: DATABASE_UNAVAILABLE };
      }
      // redirect()/notFound() from next/navigation must propagate
      if (err && typeof err === "object" && "digest" in err) throw err;
      logger.error({ err }, "action error");
      return { ok: false, status: 500, message: "Something went wrong. Please try again." };
    }
  };
  return Object.assign(action, { access, schema });
}
