/**
 * A client of the portal behind the balancer of e2e/support/cluster.ts, as the scale-out spec and the faults bench
 * (bench/faults.ts) use it: v1 calls, a browser's sign-in and sign-out (Auth.js), and bursts of staff-form saves.
 * `origin` is the portal's public address (the balancer): cookie calls send it as a browser does.
 */
import type postgres from "postgres";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Envelope = { code: number; status: string; message: string; content: any };

export type Answer = { status: number; json: Envelope | null; location: string | null };

export type CallInit = { token?: string; cookie?: string; method?: string; body?: unknown; timeoutMs?: number };

const cookiesOf = (res: Response) => res.headers.getSetCookie().map((c) => c.split(";")[0]);

/** A staff form (continuous improvement suggestion) numbered `n`, as the v1 call takes it. */
export const suggestion = (n: number, locationId: number) => ({
  name: `Scale Out ${n}`,
  date: "03/05/2026",
  location_id: locationId,
  email: `scale${n}@example.com`,
  phone_number: "+1 555 0100",
  describe_current_process_and_problem: `Burst item ${n}`,
  how_will_it_benefit_the_business: "Saves time",
});

/** A location the suggestions of `suggestion` are saved for (a dealership's, department 5 in the seed). */
export async function suggestionLocation(sql: postgres.Sql): Promise<number> {
  const [row] = await sql<{ id: number }[]>`select id from locations where department_id = 5 order by id limit 1`;
  return row.id;
}

export const SUGGESTION_SAVE = "/api/v1/continuous/improvement/suggestions/add/update";

export function portalClient(origin: string, password: string) {
  async function call(base: string, path: string, init: CallInit = {}): Promise<Answer> {
    const headers: Record<string, string> = {};
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    if (init.cookie) headers.cookie = init.cookie;
    if (init.body !== undefined) headers["content-type"] = "application/json";
    if (init.cookie) headers.origin = origin;
    const res = await fetch(`${base}${path}`, {
      method: init.method ?? (init.body === undefined ? "GET" : "POST"),
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      redirect: "manual",
      signal: AbortSignal.timeout(init.timeoutMs ?? 30_000),
    });
    const text = await res.text();
    let json: Envelope | null = null;
    try {
      json = JSON.parse(text) as Envelope;
    } catch {}
    return { status: res.status, json, location: res.headers.get("location") };
  }

  /** A v1 API token through POST /api/v1/login. */
  async function apiToken(base: string, username: string): Promise<string> {
    const res = await call(base, "/api/v1/login", { body: { username, password } });
    if (res.status !== 200) throw new Error(`v1 login of ${username} answered ${res.status}: ${res.json?.message}`);
    return res.json!.content.api_token as string;
  }

  /** Signs in as the browser does (Auth.js: CSRF token, then the credentials callback); the session cookie header. */
  async function browserSession(base: string, username: string): Promise<string> {
    const csrf = await fetch(`${base}/api/auth/csrf`);
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const jar = cookiesOf(csrf);
    const res = await fetch(`${base}/api/auth/callback/credentials`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.join("; "), origin },
      body: new URLSearchParams({ csrfToken, username, password, callbackUrl: "/" }).toString(),
    });
    const session = cookiesOf(res).find((c) => c.includes("authjs.session-token="));
    if (!session) throw new Error(`sign-in of ${username} answered ${res.status} without a session cookie`);
    return [session, ...jar].join("; ");
  }

  async function signOut(base: string, cookie: string): Promise<void> {
    const csrf = await fetch(`${base}/api/auth/csrf`, { headers: { cookie } });
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const res = await fetch(`${base}/api/auth/signout`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        cookie: [cookie, ...cookiesOf(csrf)].join("; "),
        origin,
      },
      body: new URLSearchParams({ csrfToken, callbackUrl: "/login" }).toString(),
    });
    if (res.status >= 400) throw new Error(`sign-out answered ${res.status}`);
  }

  /**
   * Saves `count` suggestions through the balancer, `parallel` at a time; `onAck` sees the number acknowledged
   * after each. Acknowledged: the ids of 200 answers; refused: the status of every other answer (0: none came).
   */
  async function burst(
    token: string,
    locationId: number,
    count: number,
    parallel: number,
    onAck?: (acknowledged: number) => void,
  ) {
    const acknowledged: number[] = [];
    const refused: number[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: parallel }, async () => {
        while (next < count) {
          const n = next++;
          const res = await call(origin, SUGGESTION_SAVE, { token, body: suggestion(n, locationId) }).catch(() => null);
          if (res?.status === 200) {
            acknowledged.push(res.json!.content.id as number);
            onAck?.(acknowledged.length);
          } else refused.push(res?.status ?? 0);
        }
      }),
    );
    return { acknowledged, refused };
  }

  return { call, apiToken, browserSession, signOut, burst };
}
