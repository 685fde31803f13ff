/**
 * First-load JavaScript of the content page /{slug}, measured the way bench/content.ts measures it
 * (every non-`nomodule` <script src> of the HTML, gzip level 9), per role and tab, with a per-chunk
 * breakdown, against the current `.next` build on a small seeded database. Scripts the HTML only
 * preloads (<link rel="preload" as="script">) are listed too, since a browser fetches them at once.
 *
 *   NEXT_TELEMETRY_DISABLED=1 npx next build && npx tsx scripts/first-load-js.ts
 *
 * PORT (default 3800) and FIRST_LOAD_DIR (default a temp folder) change where it runs.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { encode } from "next-auth/jwt";
import { eq, sql } from "drizzle-orm";
import { schema, setDbForTesting } from "@/lib/db";
import { openEmbedded } from "@/bench/lib/embedded";
import { seedDatabase } from "@/lib/db/seed";
import { issueToken } from "@/lib/auth/session";
import { SESSION_TTL_MS } from "@/lib/auth/tokens";

const PORT = Number(process.env.PORT ?? 3800);
const base = `http://127.0.0.1:${PORT}`;
const dataDir = process.env.FIRST_LOAD_DIR ?? path.join(os.tmpdir(), `portal-first-load-${PORT}`);
const AUTH_SECRET = "first-load-js-secret-first-load-js-secret";
const SLUG = "first-load-content";
const ROLES = ["admin", "staff"] as const;
const TABS = ["discussion", "attachment", "save-the-date"] as const;

async function prepare(): Promise<Record<(typeof ROLES)[number], string>> {
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  const handle = await openEmbedded(dataDir);
  setDbForTesting(handle);
  try {
    const db = handle.db;
    await seedDatabase(db, { password: "demo1234" });
    const exec = (q: string) => db.execute(sql.raw(q));
    // Like a bench menu: discussion and attachment tabs (plus save-the-date), both attachment kinds.
    await exec(
      `INSERT INTO menus (slug, title, page_types, allow_in_attachment, position) VALUES ('${SLUG}', 'First Load Content', '{1,2}', 3, 999)`,
    );
    const menu = `(SELECT id FROM menus WHERE slug = '${SLUG}')`;
    const admin = `(SELECT id FROM users WHERE username = 'admin')`;
    await exec(
      `INSERT INTO attachment_groups (name, color_code) VALUES ('First load group', '#2563eb') ON CONFLICT DO NOTHING`,
    );
    await exec(`INSERT INTO posts (menu_id, title, description, pin, created_by, updated_by)
      SELECT ${menu}, 'Dealer notice ' || g, 'See https://intranet.example.com/notes/' || g || ' for details.', g = 1, ${admin}, ${admin} FROM generate_series(1, 12) g`);
    await exec(`INSERT INTO content_documents (post_id, path, name, size, mime, extension, position)
      SELECT p.id, 'post/2026/01/fl-' || p.id || '-' || n || '.pdf', 'Notice ' || p.id || ' part ' || n || '.pdf', 250000, 'application/pdf', 'pdf', n
      FROM posts p, generate_series(0, 1) n WHERE p.menu_id = ${menu}`);
    await exec(`INSERT INTO attachments (menu_id, title, upload_type, url, group_id, pin, created_by, updated_by)
      SELECT ${menu}, 'Form ' || g, (CASE WHEN g % 3 = 0 THEN 'url' ELSE 'file' END)::attachment_upload_type,
        CASE WHEN g % 3 = 0 THEN 'https://www.example.com/r/' || g ELSE NULL END,
        CASE WHEN g % 5 = 0 THEN (SELECT id FROM attachment_groups WHERE name = 'First load group') ELSE NULL END, g = 1, ${admin}, ${admin}
      FROM generate_series(1, 12) g`);
    await exec(`INSERT INTO content_documents (attachment_id, path, name, size, mime, extension, position)
      SELECT id, 'attachment/2026/01/fl-' || id || '.pdf', 'Form ' || id || '.pdf', 120000, 'application/pdf', 'pdf', 0 FROM attachments WHERE upload_type = 'file' AND menu_id = ${menu}`);
    await exec(`INSERT INTO save_the_dates (menu_id, title, description, event_date, created_by, updated_by)
      SELECT ${menu}, 'Date ' || g, 'Bring the forms', (current_date + g)::date, ${admin}, ${admin} FROM generate_series(1, 5) g`);
    const cookies = {} as Record<(typeof ROLES)[number], string>;
    for (const role of ROLES) {
      const [user] = await db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.username, role));
      const { token: sid } = await issueToken({ userId: user.id, kind: "session", userAgent: "first-load-js" });
      const salt = "authjs.session-token";
      cookies[role] =
        `${salt}=${await encode({ token: { sid }, secret: AUTH_SECRET, salt, maxAge: SESSION_TTL_MS / 1000 })}`;
    }
    return cookies;
  } finally {
    setDbForTesting(undefined);
    await handle.close();
  }
}

const sizes = new Map<string, { raw: number; gzip: number }>();
async function sizeOf(src: string) {
  let s = sizes.get(src);
  if (!s) {
    const buf = Buffer.from(await (await fetch(new URL(src, base))).arrayBuffer());
    s = { raw: buf.length, gzip: zlib.gzipSync(buf, { level: 9 }).length };
    sizes.set(src, s);
  }
  return s;
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

async function measure(pathname: string, cookie: string) {
  const res = await fetch(base + pathname, { headers: { cookie }, redirect: "manual" });
  if (res.status !== 200) throw new Error(`${pathname} answered ${res.status}`);
  const html = await res.text();
  const tags = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"[^>]*>/g)].filter((m) => !/\bnomodule\b/i.test(m[0]));
  const scripts = [...new Set(tags.map((m) => m[1].replace(/&amp;/g, "&")))];
  const preloads = [
    ...new Set(
      [...html.matchAll(/<link\b[^>]*rel="preload"[^>]*>/g)]
        .filter((m) => /as="script"/.test(m[0]))
        .map((m) => /href="([^"]+)"/.exec(m[0])![1].replace(/&amp;/g, "&")),
    ),
  ].filter((s) => !scripts.includes(s));
  let gzip = 0;
  let raw = 0;
  for (const s of scripts) {
    const z = await sizeOf(s);
    gzip += z.gzip;
    raw += z.raw;
  }
  let preloadGzip = 0;
  for (const s of preloads) preloadGzip += (await sizeOf(s)).gzip;
  return { scripts, preloads, gzip, raw, preloadGzip };
}

async function main() {
  const cookies = await prepare();
  const child = spawn(
    process.execPath,
    // `npm start`'s way, which starts the portal's own PostgreSQL in DATA_DIR (seeded by prepare()).
    ["scripts/start.mjs", "--no-build"],
    {
      stdio: ["ignore", "ignore", "inherit"],
      detached: true,
      env: {
        ...process.env,
        NODE_ENV: "production",
        NEXT_TELEMETRY_DISABLED: "1",
        PORT: String(PORT),
        HOSTNAME: "127.0.0.1",
        WEB_CONCURRENCY: "1",
        DATA_DIR: dataDir,
        AUTH_SECRET,
        AUTH_URL: base,
        LOG_LEVEL: "warn",
        SEED_PASSWORD: "demo1234",
      },
    },
  );
  try {
    for (let i = 0; ; i++) {
      if (i > 600) throw new Error("server not ready in 60 s");
      const ok = await fetch(`${base}/api/health`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const all = new Set<string>();
    const rows: string[] = [];
    for (const role of ROLES) {
      for (const tab of TABS) {
        const m = await measure(`/${SLUG}?tab=${tab}`, cookies[role]);
        m.scripts.forEach((s) => all.add(s));
        rows.push(
          `${role.padEnd(6)} ${tab.padEnd(14)} ${String(m.scripts.length).padStart(3)} scripts  ${kb(m.raw).padStart(9)} raw  ${kb(m.gzip).padStart(8)} gzip   + preloaded ${m.preloads.length} (${kb(m.preloadGzip)} gzip)`,
        );
        if (role === "admin" && tab === "discussion") {
          console.log("Chunks of /{slug} (admin, discussion tab: what bench/content.ts measures), gzip:");
          for (const s of [...m.scripts].sort((a, b) => sizes.get(b)!.gzip - sizes.get(a)!.gzip))
            console.log(`  ${kb(sizes.get(s)!.gzip).padStart(8)}  ${kb(sizes.get(s)!.raw).padStart(9)} raw  ${s}`);
          for (const s of m.preloads)
            console.log(
              `  ${kb(sizes.get(s)!.gzip).padStart(8)}  ${kb(sizes.get(s)!.raw).padStart(9)} raw  ${s} (preload only)`,
            );
        }
      }
    }
    console.log("\nFirst-load JS per role and tab:");
    for (const r of rows) console.log(`  ${r}`);
  } finally {
    process.kill(-child.pid!, "SIGTERM");
  }
}

await main();
