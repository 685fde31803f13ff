/**
 * The search (docs/features/search.md)'s typo forgiveness says nothing about what the person may not see. The
 * typo lexicon and the search columns' indexes hold the words of every post, hidden ones included; the
 * close words a typo is searched with, and whether a word counts as known, come only from what the
 * asking person may open (a post of another location, a scheduled one and an expired one are not).
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import { sql } from "drizzle-orm";

vi.mock("next/headers", () => import("@/test/mock-next-headers"));

import { setupTestDatabase } from "@/test/db";
import { actors, menuId } from "@/test/content/helpers";
import { schema } from "@/lib/db";
import { issueToken, resolveToken, type SessionUser } from "@/lib/auth/session";
import { suggest } from "@/lib/search/queries";
import type { KindPage } from "@/lib/search/types";

const t = setupTestDatabase();
let admin: SessionUser;
let staff: SessionUser;
const ids = {} as Record<"visible" | "otherLocation" | "scheduled" | "expired", number>;

const DAY = 86_400_000;
const postIds = (groups: KindPage[]) =>
  (groups.find((g) => g.kind === "post")?.results ?? []).map((r) => r.id).sort((a, b) => a - b);

beforeAll(async () => {
  const db = t.db();
  admin = (await actors(db)).admin.user;
  const [north, south] = (
    await db.select({ id: schema.locations.id }).from(schema.locations).orderBy(schema.locations.id).limit(2)
  ).map((l) => l.id);
  const [u] = await db
    .insert(schema.users)
    .values({
      username: "oracle-staff",
      firstName: "Olive",
      lastName: "Staff",
      roleId: 3,
      locationId: north,
      email: "oracle-staff@example.com",
    })
    .returning();
  staff = (await resolveToken((await issueToken({ userId: u.id, kind: "api" })).token))!;
  const news = await menuId(db, "company-news");
  const post = async (title: string, extra: Partial<typeof schema.posts.$inferInsert> = {}) =>
    (
      await db
        .insert(schema.posts)
        .values({ menuId: news, title, description: "", ...extra })
        .returning()
    )[0].id;
  // Three hidden words one letter from 'glimmerstone', each only in a post the staff user may not see,
  // and closer to it (more shared trigrams) than the one visible word, 'glimmerstane'.
  ids.visible = await post("Glimmerstane polish");
  ids.otherLocation = await post("Glimmerstona merger", { audienceLocationIds: [south] });
  ids.scheduled = await post("Glimmerstono launch", { publishAt: new Date(Date.now() + 30 * DAY) });
  ids.expired = await post("Glimmerstonu recall", {
    publishAt: new Date(Date.now() - 30 * DAY),
    expiresAt: new Date(Date.now() - DAY),
  });
  await db.execute(sql`analyze`);
});

describe("typo suggestions come only from what the asking person may see", () => {
  it("a typo is searched with the close words the person may see: hidden ones do not crowd out the visible one", async () => {
    // Before: the lexicon's 3 closest words were the 3 hidden ones, so the staff user found nothing,
    // and learnt that three words close to 'glimmerstone' exist where they may not look.
    expect(postIds(await suggest({ q: "glimmerstone", user: staff }))).toEqual([ids.visible]);
    // The administrator sees every post: the 3 closest words are theirs.
    expect(postIds(await suggest({ q: "glimmerstone", user: admin }))).toEqual(
      [ids.otherLocation, ids.scheduled, ids.expired].sort((a, b) => a - b),
    );
  });

  it("a word that only a hidden post holds answers the staff user as a word that exists nowhere", async () => {
    const absent = postIds(await suggest({ q: "glimmerstonx", user: staff }));
    expect(absent).toEqual([ids.visible]);
    // Before: the hidden word was 'known' (no close words), so it answered nothing at all: 0 results
    // for a hidden word against 1 for an absent near-word told that it exists.
    for (const hidden of ["glimmerstona", "glimmerstono", "glimmerstonu"])
      expect(postIds(await suggest({ q: hidden, user: staff })), hidden).toEqual(absent);
    // The administrator finds the post that holds it, as typed.
    expect(postIds(await suggest({ q: "glimmerstona", user: admin }))).toEqual([ids.otherLocation]);
  });

  it("beside a word found nowhere, a word only a hidden post holds is forgiven too, not taken as known", async () => {
    // 'polosh' is found nowhere ('polish' is the visible post's). Before: the hidden word beside it was
    // searched as typed and found nothing, where an absent word in its place got its close words.
    const absent = postIds(await suggest({ q: "glimmerstonx polosh", user: staff }));
    expect(absent).toEqual([ids.visible]);
    expect(postIds(await suggest({ q: "glimmerstona polosh", user: staff }))).toEqual(absent);
  });

  it("the last word, maybe half typed, counts as known only when it begins a word the person may see", async () => {
    // 'glimmerston' is a prefix of the hidden words only: as typed it finds nothing the staff user may
    // see, so it is forgiven like an absent word (its close words are the visible ones).
    expect(postIds(await suggest({ q: "glimmerston", user: staff }))).toEqual([ids.visible]);
    expect(postIds(await suggest({ q: "glimmerston", user: admin }))).toEqual(
      [ids.otherLocation, ids.scheduled, ids.expired].sort((a, b) => a - b),
    );
  });
});
