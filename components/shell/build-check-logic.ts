/** A reload the build check already made: which build it reloaded for, and when (ms). */
export type LastReload = { build: string; at: number } | null;

/** The same build may trigger at most one reload in this window (protects against reload loops). */
export const RELOAD_COOLDOWN_MS = 5 * 60_000;

/**
 * Decides whether an open page must reload: the server reports a build other than the one the page
 * was rendered with. Nothing happens when the server's answer is missing or malformed, in development
 * (no build id), or when the page already reloaded for that build recently (a rolling deploy with
 * old and new servers behind one address must not loop).
 */
export function shouldReload(input: {
  current: string;
  reported: unknown;
  lastReload: LastReload;
  now: number;
}): boolean {
  const { current, reported, lastReload, now } = input;
  if (typeof reported !== "string" || reported.length === 0 || reported.length > 200) return false;
  if (current === "development" || reported === "development") return false;
  if (reported === current) return false;
  if (lastReload && lastReload.build === reported && now - lastReload.at < RELOAD_COOLDOWN_MS) return false;
  return true;
}

/** Reads the `{ build }` of a /api/health answer; anything else is `undefined`. */
export function reportedBuild(body: unknown): unknown {
  return body && typeof body === "object" && "build" in body ? (body as { build: unknown }).build : undefined;
}

/** Parses the remembered reload from sessionStorage (tolerates garbage). */
export function parseLastReload(raw: string | null): LastReload {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as unknown;
    if (
      v &&
      typeof v === "object" &&
      typeof (v as { build?: unknown }).build === "string" &&
      typeof (v as { at?: unknown }).at === "number"
    ) {
      return { build: (v as { build: string }).build, at: (v as { at: number }).at };
    }
  } catch {
    // fall through
  }
  return null;
}
