import { isDatabaseUnavailable } from "@/lib/db/retry";
import { z } from "zod";
import "@/lib/validation/messages";
import type { NextRequest } from "next/server";
import { AppError, DATABASE_UNAVAILABLE } from "@/lib/errors";
import { logger, requestIdFrom } from "@/lib/log";
import { resolveSessionCookie, resolveToken, type SessionUser } from "@/lib/auth/session";
import { requireCapability, requirePermission, requireUser } from "@/lib/auth/guards";
import type { Capability, PermissionName } from "@/lib/auth/roles";
import { isSameOriginRequest } from "@/lib/http/forwarded";
import { stripControlChars } from "@/lib/validation/text";
import { fail } from "./envelope";
import { DEFAULT_BODY_LIMIT, readBodyText } from "./body";
import { parseCookieHeader } from "@/lib/http/cookies";
import { overStored } from "@/lib/validation/partial";
import { fieldErrorsOf } from "./payload-names";

export { fieldErrorsOf };

/** Who may call a route. `public` must be chosen deliberately; everything else needs a signed-in user. */
export type Access = { public: true } | { capability?: Capability; permission?: PermissionName };

/** What a handler inside withApi receives (the signed-in user, the parsed query and body). */
export type ApiContext<B = unknown, Q = Record<string, string>> = Ctx<Q, B>;

type Ctx<Q, B> = {
  req: NextRequest;
  user: SessionUser;
  query: Q;
  body: B;
  params: Record<string, string>;
  requestId: string;
};
type PublicCtx<Q, B> = Omit<Ctx<Q, B>, "user"> & { user: SessionUser | null };

type Options<Q extends z.ZodType, B extends z.ZodType> = {
  query?: Q;
  body?: B;
  /** Largest JSON or form body the call reads, in bytes (DEFAULT_BODY_LIMIT, 1 MB, unless set). */
  bodyLimit?: number;
  /**
   * An update call whose body has the schema's own names: the stored values for the raw body (null for
   * a new record), laid under it before `body` parses it, so a field left out keeps what is stored
   * (docs/decisions.md, lib/validation/partial.ts; the same as createAction's `stored`).
   */
  stored?: (body: Record<string, unknown>, user: SessionUser) => Promise<Record<string, unknown> | null>;
};

export type ApiHandler = ((req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>) & {
  access: Access;
  /** The call's query and body schemas (what the tests fill with hostile text). */
  schemas: { query?: z.ZodType; body?: z.ZodType };
};

/** The bearer token (v1 clients) or the browser session cookie of a request. */
export async function userFromRequest(req: Request): Promise<SessionUser | null> {
  const auth = req.headers.get("authorization");
  if (auth) {
    const m = /^Bearer\s+(\S+)$/i.exec(auth);
    return m ? resolveToken(m[1]) : null;
  }
  const cookies = parseCookieHeader(req.headers.get("cookie"));
  return resolveSessionCookie((name) => cookies.get(name));
}

/** A JSON or URL-encoded request body (empty object for none), up to `limit` bytes. */
export async function readBody(req: Request, limit: number = DEFAULT_BODY_LIMIT): Promise<unknown> {
  if (req.method === "GET" || req.method === "HEAD") return {};
  const type = req.headers.get("content-type") ?? "";
  const text = await readBodyText(req, limit);
  if (!text) return {};
  if (type.includes("application/x-www-form-urlencoded")) return Object.fromEntries(new URLSearchParams(text));
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError(400, "The request body is not valid JSON.");
  }
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export const CROSS_SITE_REFUSED = "This request must come from the portal's own pages.";

/** A JSON body, or a header (X-Requested-With): neither can be sent by a form or a simple request of another site. */
function hasNonFormBody(req: Request): boolean {
  const type = (req.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  return type === "application/json" || type.endsWith("+json") || req.headers.has("x-requested-with");
}

/**
 * Cross-site request forgery: a state-changing call that the browser's session cookie authenticates
 * must come from the portal's own origin (Origin, else Sec-Fetch-Site) and carry a JSON body or the
 * X-Requested-With header. SameSite=Lax alone lets a sibling subdomain or another port post forms with
 * the cookie. Bearer-token calls carry no ambient credential and are not affected.
 */
export function assertNotCrossSite(req: Request): void {
  if (SAFE_METHODS.has(req.method) || req.headers.get("authorization")) return;
  if (!isSameOriginRequest(req) || !hasNonFormBody(req)) throw new AppError(403, CROSS_SITE_REFUSED);
}

/**
 * The one wrapper for v1 route handlers: resolves the bearer token or session, decides access (deny by
 * default), parses query and body with zod (400 with field messages), and answers every error in the
 * v1 envelope. Unexpected errors are logged with detail and answered as a bare 500.
 */
/**
 * Every answer of withApi: v1 answers carry personal data (names, e-mails, tokens, records), so neither
 * a shared cache (a proxy) nor the browser's disk cache may keep one, errors included.
 */
const NO_STORE = "private, no-store";

export function withApi<
  Q extends z.ZodType = z.ZodType<Record<string, string>>,
  B extends z.ZodType = z.ZodType<unknown>,
>(
  access: { public: true },
  options: Options<Q, B>,
  handler: (ctx: PublicCtx<z.infer<Q>, z.infer<B>>) => Promise<Response>,
): ApiHandler;
export function withApi<
  Q extends z.ZodType = z.ZodType<Record<string, string>>,
  B extends z.ZodType = z.ZodType<unknown>,
>(
  access: { capability?: Capability; permission?: PermissionName },
  options: Options<Q, B>,
  handler: (ctx: Ctx<z.infer<Q>, z.infer<B>>) => Promise<Response>,
): ApiHandler;
export function withApi(
  access: Access,
  options: Options<z.ZodType, z.ZodType>,
  handler: (ctx: any) => Promise<Response>, // eslint-disable-line @typescript-eslint/no-explicit-any
): ApiHandler {
  const wrapped = async (req: NextRequest, routeCtx: { params: Promise<Record<string, string>> }) => {
    const requestId = requestIdFrom(req.headers);
    const started = Date.now();
    const log = logger.child({ requestId, method: req.method, path: new URL(req.url).pathname });
    try {
      const user = await userFromRequest(req);
      if (user) assertNotCrossSite(req);
      if (!("public" in access)) {
        await requireUser(user);
        if (access.capability) await requireCapability(access.capability, user);
        if (access.permission) await requirePermission(access.permission, user);
      }
      const url = new URL(req.url);
      const rawQuery = Object.fromEntries(url.searchParams);
      const query = options.query ? parse(options.query, rawQuery) : rawQuery;
      let rawBody = options.body ? await readBody(req, options.bodyLimit ?? DEFAULT_BODY_LIMIT) : undefined;
      if (options.stored && user && rawBody && typeof rawBody === "object" && !Array.isArray(rawBody)) {
        const stored = await options.stored(rawBody as Record<string, unknown>, user);
        if (stored) rawBody = overStored(stored, rawBody);
      }
      const body = options.body ? parse(options.body, rawBody) : undefined;
      const params = (await routeCtx?.params) ?? {};
      // A path segment with a control character in it (`getregisteruser/1%00`) names no resource: 404.
      // Cleaned like other text it would read as another path (user 1), an alias for every id.
      if (Object.values(params).some((v) => typeof v === "string" && v !== stripControlChars(v)))
        throw new AppError(404, "Not found.");
      const res = await handler({ req, user, query, body, params, requestId });
      res.headers.set("x-request-id", requestId);
      res.headers.set("cache-control", NO_STORE);
      log.debug({ status: res.status, ms: Date.now() - started }, "api");
      return res;
    } catch (err) {
      if (err instanceof AppError) {
        log.info({ status: err.status, message: err.message }, "api refused");
        return fail(err.status, err.message, err.fieldErrors ?? null, {
          "x-request-id": requestId,
          "cache-control": NO_STORE,
        });
      }
      if (isDatabaseUnavailable(err)) {
        // The database is restarting, stopped or unreachable: say so (and that it is worth trying again),
        // never 401 (the session is not the question) nor 500.
        log.warn({ err }, "api: database unavailable");
        return fail(503, DATABASE_UNAVAILABLE, null, {
          "x-request-id": requestId,
          "retry-after": "5",
          "cache-control": NO_STORE,
        });
      }
      log.error({ err }, "api error");
      return fail(500, "Something went wrong. Please try again.", null, {
        "x-request-id": requestId,
        "cache-control": NO_STORE,
      });
    }
  };
  return Object.assign(wrapped, { access, schemas: { query: options.query, body: options.body } });
}

/** Parses input with a schema; failure is a 422 AppError with the first message and the field messages. */
export function parse<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input);
  if (!result.success) {
    const fieldErrors = fieldErrorsOf(result.error);
    const first = result.error.issues[0]?.message ?? "The request is not valid.";
    throw new AppError(422, first, fieldErrors);
  }
  return result.data;
}
