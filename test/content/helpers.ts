import { eq, sql } from "drizzle-orm";
import { expect, vi } from "vitest";
import { schema, type Db } from "@/lib/db";
import { issueToken, resolveToken, type SessionUser } from "@/lib/auth/session";
import { apiRequest, callRoute, tokenFor } from "@/test/db";
import { POST as storePost } from "@/app/api/v1/store_post/route";

/** Row counts of every content table (to prove a refused call wrote nothing). */
export async function contentCounts(db: Db) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const count = async (table: Parameters<Db["select"]>[0] extends never ? never : any) =>
    (await db.select({ n: sql<number>`count(*)::int` }).from(table))[0].n;
  return {
    posts: await count(schema.posts),
    attachments: await count(schema.attachments),
    saveTheDates: await count(schema.saveTheDates),
    comments: await count(schema.comments),
    documents: await count(schema.contentDocuments),
    audit: await count(schema.auditLog),
    pinned: (
      await db
        .select({ n: sql<number>`count(*)::int` })
        .from(schema.posts)
        .where(eq(schema.posts.pin, true))
    )[0].n,
  };
}

export async function menuId(db: Db, slug: string): Promise<number> {
  const [m] = await db.select({ id: schema.menus.id }).from(schema.menus).where(eq(schema.menus.slug, slug));
  return m.id;
}

/** Tokens and session users of the three seeded roles. */
export async function actors(db: Db) {
  const out = {} as Record<"admin" | "manager" | "staff", { token: string; user: SessionUser }>;
  for (const name of ["admin", "manager", "staff"] as const) {
    const token = await tokenFor(db, name);
    out[name] = { token, user: (await resolveToken(token))! };
  }
  return out;
}

/** The ids of the first `n` seeded locations, in id order. */
export async function firstLocations(db: Db, n: number): Promise<number[]> {
  const rows = await db
    .select({ id: schema.locations.id })
    .from(schema.locations)
    .orderBy(schema.locations.id)
    .limit(n);
  return rows.map((l) => l.id);
}

/** A staff member (role 3) at `locationId` with the address `<username>@example.com`, and their v1 token. */
export async function staffMember(db: Db, username: string, locationId: number, lastName = "Tester") {
  const [u] = await db
    .insert(schema.users)
    .values({ username, firstName: username, lastName, roleId: 3, locationId, email: `${username}@example.com` })
    .returning();
  const { token } = await issueToken({ userId: u.id, kind: "api" });
  return { token, user: (await resolveToken(token))! };
}

/** Calls a route handler as a v1 client. */
export async function call(
  handler: Parameters<typeof callRoute>[0],
  path: string,
  opts: { method?: string; token?: string; body?: unknown; params?: Record<string, string> } = {},
) {
  return callRoute(handler, apiRequest(path, { method: opts.method, token: opts.token, body: opts.body }), opts.params);
}

/** v1 store_post as `token`: a post on Company News (or `body.slug`), with an empty description unless given. */
export function storePostAs(token: string, body: Record<string, unknown>) {
  return call(storePost, "/api/v1/store_post", {
    method: "POST",
    token,
    body: { slug: "company-news", description: "", ...body },
  });
}

/** storePostAs, expected to save: the post's id. */
export async function newPostAs(token: string, body: Record<string, unknown>): Promise<number> {
  const res = await storePostAs(token, body);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.content.id as number;
}

export const currentUser = vi.fn<() => Promise<SessionUser | null>>(async () => null);

/** A temporary upload of `ownerId` as store_document leaves it (row only; the bytes are not needed). */
export async function upload(
  db: Db,
  ownerId: number,
  name: string,
  opts: { kind?: "post" | "attachment" | "document" | "event" | "banner"; size?: number; mime?: string } = {},
): Promise<string> {
  const { newKey } = await import("@/lib/storage/keys");
  const key = newKey(opts.kind ?? "post", name);
  await db.insert(schema.files).values({
    storageKey: key,
    originalName: name,
    size: opts.size ?? 1234,
    mime: opts.mime ?? "application/pdf",
    ownerId,
    kind: opts.kind ?? "post",
    status: "temporary",
  });
  return key;
}

export async function fileRow(db: Db, key: string) {
  const [row] = await db.select().from(schema.files).where(eq(schema.files.storageKey, key));
  return row ?? null;
}
