/**
 * Portal-wide search (docs/features/search.md) against the real database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL): word forms and order, prefixes, one typo, comments, file names and document
 * passages, who finds what (menus by role, inactive events, staff forms, deleted people), the date
 * filter and paging, and every bad input of the issue through GET /api/v1/search.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import { eq, sql } from "drizzle-orm";

vi.mock("next/headers", () => import("@/test/mock-next-headers"));

import { apiRequest, callRoute, planOf, setupTestDatabase } from "@/test/db";
import { actors, firstLocations, staffMember } from "@/test/content/helpers";
import { GET as searchRoute } from "@/app/api/v1/search/route";
import type { SessionUser } from "@/lib/auth/session";
import { searchPage, suggest, PAGE_SIZE } from "@/lib/search/queries";
import type { KindPage, SearchKind } from "@/lib/search/types";
import { getDbHandle, schema } from "@/lib/db";
import { SEARCH_VECTOR_TABLES } from "@/lib/search/vectors";
import { forgetSearchTableStats, setSearchTableStatsForTesting } from "@/lib/search/stats";
import { seedSearchFixtures } from "./fixtures";

const t = setupTestDatabase();
let who: Awaited<ReturnType<typeof actors>>;
let f: Awaited<ReturnType<typeof seedSearchFixtures>>;

beforeAll(async () => {
  f = await seedSearchFixtures(t.db());
  who = await actors(t.db());
});

const text = (segments: { text: string }[]) => segments.map((s) => s.text).join("");
const hits = (segments: { text: string; hit?: true }[]) =>
  segments.filter((s) => s.hit).map((s) => s.text.toLowerCase());
const of = (groups: KindPage[], kind: SearchKind) => groups.find((g) => g.kind === kind)?.results ?? [];
const find = (q: string, user: SessionUser) => suggest({ q, user });

type ApiGroup = {
  kind: string;
  total: number;
  total_capped: boolean;
  results: { id: number; kind: string; title: { text: string; hit?: boolean }[]; href: string; source: string }[];
};
async function api(query: string, token = who.staff.token) {
  const res = await callRoute(searchRoute, apiRequest(`/api/v1/search?${query}`, { token }));
  return res as {
    status: number;
    json: { code: number; status: string; message: string; content: { q: string; groups: ApiGroup[] } };
  };
}

describe("matching", () => {
  it("finds words in any form and order ('warranty claims' finds 'Claim for warranty') and marks them", async () => {
    const posts = of(await find("warranty claims", who.staff.user), "post");
    const hit = posts.find((r) => r.id === f.claim.id)!;
    expect(hit).toBeTruthy();
    expect(text(hit.title)).toBe("Claim for warranty");
    expect(hits(hit.title)).toEqual(["claim", "warranty"]);
    expect(hit.href).toBe(`/company-news/post/${f.claim.id}`);
    expect(hits(hit.snippet)).toContain("claim");
  });

  it("matches a prefix while typing", async () => {
    expect(of(await find("warr", who.staff.user), "post").map((r) => r.id)).toContain(f.claim.id);
    expect(of(await find("claim warr", who.staff.user), "post").map((r) => r.id)).toContain(f.claim.id);
  });

  it("forgives one typo ('warrenty')", async () => {
    expect(of(await find("warrenty", who.staff.user), "post").map((r) => r.id)).toContain(f.claim.id);
    expect(of(await find("clam for warrenty", who.staff.user), "post").map((r) => r.id)).toContain(f.claim.id);
  });

  it("forgives a typo of a word found only in a text: a comment, a passage inside a document", async () => {
    expect(of(await find("zebre crossing", who.staff.user), "post").map((r) => r.id)).toContain(f.other.id);
    expect(of(await find("turbocharjer", who.staff.user), "attachment").map((r) => r.id)).toContain(f.attachment.id);
  });

  it("finds a discussion by its comment, with the comment's passage", async () => {
    const r = of(await find("zebra", who.staff.user), "post").find((x) => x.id === f.other.id)!;
    expect(r.source).toBe("comment");
    expect(hits(r.snippet)).toEqual(["zebra"]);
  });

  it("a thing found in several places is one result (its best match); one file attached to two things gives each of them", async () => {
    const db = t.db();
    const file = async (name: string, passage: string) => {
      const [row] = await db
        .insert(schema.files)
        .values({
          storageKey: `attachment/2026/11/${name}`,
          originalName: name,
          kind: "attachment",
          status: "attached",
          mime: "application/pdf",
        })
        .returning();
      await db.insert(schema.fileTexts).values({ fileId: row.id, status: "done", chars: passage.length });
      await db.insert(schema.fileTextChunks).values({ fileId: row.id, position: 0, content: passage });
      return row;
    };
    const doc = (f: { id: number; storageKey: string; originalName: string }) => ({
      fileId: f.id,
      path: f.storageKey,
      name: f.originalName,
      mime: "application/pdf",
      extension: "pdf",
    });
    // The word in a post's title, text, comment, file name and document passage.
    const [post] = await db
      .insert(schema.posts)
      .values({ menuId: f.news, title: "Numbatfest plans", description: "Numbatfest starts at noon." })
      .returning();
    await db.insert(schema.comments).values({ postId: post.id, comment: "See you at numbatfest." });
    await db
      .insert(schema.contentDocuments)
      .values({ postId: post.id, ...doc(await file("numbatfest.pdf", "The numbatfest route.")) });
    // One file (its passage holds the word) attached to two attachments.
    const shared = await file("route-map.pdf", "Bilbyrun checkpoints and water stations.");
    const two = await db
      .insert(schema.attachments)
      .values([
        { menuId: f.docs, title: "Route map A", uploadType: "file" },
        { menuId: f.docs, title: "Route map B", uploadType: "file" },
      ])
      .returning();
    await db.insert(schema.contentDocuments).values(two.map((a) => ({ attachmentId: a.id, ...doc(shared) })));

    const [posts] = await searchPage({ q: "numbatfest", user: who.admin.user, kind: "post" });
    expect(posts.results.map((r) => r.id)).toEqual([post.id]);
    expect(posts.total).toBe(1);
    expect(posts.results[0].source).toBe("text"); // the post's own title and text, ranked above the rest
    const [attachments] = await searchPage({ q: "bilbyrun", user: who.admin.user, kind: "attachment" });
    expect(attachments.results.map((r) => r.id).sort((a, b) => a - b)).toEqual(
      two.map((a) => a.id).sort((a, b) => a - b),
    );
    expect(attachments.total).toBe(2);
    expect(attachments.results.every((r) => r.source === "document" && r.documentName === "route-map.pdf")).toBe(true);
  });

  it("finds text inside a document: says so, names the file, shows the passage", async () => {
    const r = of(await find("turbocharger inspections", who.staff.user), "attachment").find(
      (x) => x.id === f.attachment.id,
    )!;
    expect(r.source).toBe("document");
    expect(r.documentName).toBe("fleet_report-2024.pdf");
    expect(text(r.snippet)).toContain("turbocharger inspection");
    expect(hits(r.snippet)).toEqual(["turbocharger", "inspection"]);
    expect(r.href).toMatch(/^\/documents\?/);
  });

  it("finds an attachment by its file name", async () => {
    const r = of(await find("fleet report", who.staff.user), "attachment").find((x) => x.id === f.attachment.id)!;
    expect(["file-name", "title"]).toContain(r.source);
  });

  it("finds an event by the text of a file attached to it, with the passage", async () => {
    const r = of(await find("differential teardown", who.staff.user), "event").find((x) => x.id === f.clinic.id)!;
    expect(r.source).toBe("document");
    expect(r.documentName).toBe("clinic-agenda.pdf");
    expect(hits(r.snippet)).toEqual(["differential", "teardown"]);
    expect(r.href).toBe(`/calendar?event=${f.clinic.id}`);
  });

  it("a recurring event shows its next occurrence, not its first (the seeded weekly sales meeting)", async () => {
    const r = of(await find("weekly sales review", who.staff.user), "event").find(
      (x) => text(x.title) === "Monday Sales Meeting",
    )!;
    const date = new Date(r.date!).getTime();
    expect(date).toBeGreaterThan(Date.now() - 86_400_000);
    expect(date).toBeLessThan(Date.now() + 8 * 86_400_000);
    expect(new Date(r.date!).getUTCDay()).toBe(1); // 09:00 on a Monday in California is a Monday in UTC too
  });

  it("finds menu pages, save-the-date entries, events by contact, people by position and location", async () => {
    expect(of(await find("documents library", who.staff.user), "page").map((r) => r.href)).toContain("/documents");
    const std = of(await find("gala", who.staff.user), "save-the-date")[0];
    expect(std.id).toBe(f.std.id);
    expect(std.href).toContain("tab=save-the-date");
    const ev = of(await find("Pemberton", who.staff.user), "event")[0];
    expect(ev.id).toBe(f.clinic.id);
    expect(ev.href).toBe(`/calendar?event=${f.clinic.id}`);
    const person = of(await find("parts manager", who.staff.user), "person").find((r) => r.id === f.person.id)!;
    expect(text(person.title)).toBe("Priya Patel");
    expect(person.context).toContain("Parts Manager");
    expect(of(await find(f.location.name, who.staff.user), "person").map((r) => r.id)).toContain(f.person.id);
  });
});

describe("how the database answers", () => {
  const rows = async <T>(q: ReturnType<typeof sql>) => {
    const r = await t.db().execute(q);
    return ((r as { rows?: T[] }).rows ?? (r as unknown as T[])) as T[];
  };

  it("every searched table keeps its vector in a stored generated column with a GIN index", async () => {
    for (const table of SEARCH_VECTOR_TABLES) {
      const [col] = await rows<{ generated: string; type: string }>(
        sql`select attgenerated::text as generated, format_type(atttypid, atttypmod) as type from pg_attribute where attrelid = ${table}::regclass and attname = 'search_vector'`,
      );
      expect(col, table).toMatchObject({ generated: "s", type: "tsvector" });
      const idx = await rows<{ def: string }>(
        sql`select indexdef as def from pg_indexes where tablename = ${table} and indexdef like '%USING gin (search_vector)%'`,
      );
      expect(idx, table).toHaveLength(1);
    }
  });

  it("the vector follows an edit (a renamed post is found by its new title only)", async () => {
    const [p] = await t
      .db()
      .insert(schema.posts)
      .values({ menuId: f.news, title: "Quokka sighting", description: "" })
      .returning();
    expect(of(await find("quokka", who.staff.user), "post").map((r) => r.id)).toEqual([p.id]);
    await t
      .db()
      .update(schema.posts)
      .set({ title: "Wombat sighting" })
      .where(sql`id = ${p.id}`);
    expect(of(await find("quokka", who.staff.user), "post")).toEqual([]);
    expect(of(await find("wombat", who.staff.user), "post").map((r) => r.id)).toEqual([p.id]);
  });

  it("a match is looked up through the column's index (not by parsing every row's text)", async () => {
    // The test tables are small enough to scan: forbid that, so the plan shows whether the index fits the query.
    const plan = await planOf(
      t.db(),
      sql`select id from posts where search_vector @@ to_tsquery('english'::regconfig, 'quokkawombat') limit 100`,
      [sql`set local enable_seqscan = off`],
    );
    expect(plan).toContain("posts_search_idx");
  });

  it("a search is the query's terms, then one transaction per kind, side by side; a word found nowhere is searched with its close words (the viewer's) at once", async () => {
    // The administrator sees all 7 kinds. A query with a word long enough to be a typo first checks,
    // in a transaction of its own, whether its words are found anywhere (with their close words if
    // not). A search then asks for the query's terms (a plain statement) and runs its kinds, each
    // transaction holding the planner settings and its statements. The tables' statistics are read
    // once a minute (read here, before counting).
    await find("warm", who.admin.user);
    // Counts each transaction's statements (less the planner settings and the keeping of plans: whether
    // a statement is prepared, preparing it, dropping one), on the driver: the search's reads run from
    // kept plans (lib/db/prepared.ts), past Drizzle.
    const KEEPING = /^(select set_config|select name from pg_prepared_statements|prepare |deallocate )/;
    const client = (t.db() as unknown as { $client: Record<string, (...args: unknown[]) => unknown> }).$client;
    const [begin, send] = ["begin", "unsafe"];
    const original = client[begin].bind(client);
    const statements: number[] = [];
    const searches = vi.spyOn(client, begin).mockImplementation((fn: unknown) =>
      original(async (tx: Record<string, (text: string, ...rest: unknown[]) => unknown>) => {
        const run = tx[send].bind(tx);
        let n = 0;
        tx[send] = (text, ...rest) => (KEEPING.test(text) || n++, run(text, ...rest));
        try {
          return await (fn as (t: unknown) => unknown)(tx);
        } finally {
          statements.push(n);
        }
      }),
    );
    const lookups = vi.spyOn(t.db(), "execute");
    const count = () => {
      const n = [searches.mock.calls.length, lookups.mock.calls.length, ...statements];
      searches.mockClear();
      lookups.mockClear();
      statements.length = 0;
      return n;
    };
    // [transactions, plain statements, statements of each transaction] of a search of `kinds`,
    // after the typo check when `checked`.
    const expected = (kinds: number, checked: boolean) => {
      const searches = Array<number>(kinds).fill(1);
      return checked ? [1 + searches.length, 1, 1, ...searches] : [searches.length, 1, ...searches];
    };
    try {
      expect(of(await find("gal", who.admin.user), "save-the-date")).toHaveLength(1);
      expect(count()).toEqual(expected(7, false));
      expect(of(await searchPage({ q: "clinic", user: who.admin.user }), "event").length).toBeGreaterThan(0);
      expect(count()).toEqual(expected(7, true));
      expect((await searchPage({ q: "clinic", user: who.admin.user, kind: "event" }))[0].total).toBeGreaterThan(0);
      expect(count()).toEqual(expected(1, true));
      // 'warrenty' is found nowhere: one search, with its close words, which are first kept to those the
      // viewer may see (docs/features/search.md): their stems (a plain statement), then a transaction with a statement
      // per close word.
      expect(of(await find("warrenty", who.admin.user), "post").map((r) => r.id)).toContain(f.claim.id);
      const [transactions, plain, typoCheck, closeWords, ...kinds] = count();
      expect([transactions, plain, typoCheck, kinds]).toEqual([2 + 7, 2, 1, Array<number>(7).fill(1)]);
      expect(closeWords).toBeGreaterThan(0);
    } finally {
      searches.mockRestore();
      lookups.mockRestore();
    }
  });

  it("a word the statistics call common is read from the newest rows first; the index makes up what they miss", async () => {
    const queries = [
      "claim",
      "warranty claims",
      "turbocharger",
      "zebra",
      "clinic",
      "gal",
      "patel",
      "fleet",
      "differential",
    ];
    const answer = async () =>
      Promise.all(
        queries.map(async (q) =>
          (await find(q, who.admin.user)).map((g) => [g.kind, g.total, g.results.map((r) => r.id)]),
        ),
      );
    forgetSearchTableStats();
    const fromIndex = await answer();
    // 400 newer posts: ANALYZE-like statistics saying every post holds 'claim' make the search read only
    // the newest few hundred, none of which does; the index must then find the one that does.
    const filler = await t
      .db()
      .insert(schema.posts)
      .values(
        Array.from({ length: 400 }, (_, i) => ({
          menuId: f.news,
          title: `Filler ${i}`,
          description: "Nothing to see.",
        })),
      )
      .returning({ id: schema.posts.id });
    const common = {
      rows: 1_000_000,
      freqs: new Map(
        ["claim", "warranti", "zebra", "clinic", "gala", "patel", "turbocharg", "fleet", "differenti"].map((w) => [
          w,
          1,
        ]),
      ),
      minFreq: 1,
    };
    const tables = new Map(SEARCH_VECTOR_TABLES.map((table) => [table as string, common]));
    // Every kind with many documents too: their file names and passages are read by the words first.
    const linked = new Map(
      [
        "content_documents.post_id",
        "content_documents.attachment_id",
        "content_documents.save_the_date_id",
        "calendar_event_attachments",
      ].map((l) => [l, 1_000_000]),
    );
    try {
      const { db } = await getDbHandle();
      setSearchTableStatsForTesting(db, { tables, linked: new Map() });
      expect(await answer()).toEqual(fromIndex);
      setSearchTableStatsForTesting(db, { tables, linked });
      expect(await answer()).toEqual(fromIndex);
      // The common word found among the newest rows: enough of them there, the index is not read.
      const newest = await t
        .db()
        .insert(schema.posts)
        .values(
          Array.from({ length: 120 }, (_, i) => ({
            menuId: f.news,
            title: `Claim number ${i}`,
            description: "A claim.",
          })),
        )
        .returning({ id: schema.posts.id });
      const posts = of(await find("claim", who.admin.user), "post").map((r) => r.id);
      expect(posts).toHaveLength(5);
      expect(posts.every((id) => newest.some((n) => n.id === id))).toBe(true);
      await t
        .db()
        .delete(schema.posts)
        .where(sql`id = any(${`{${newest.map((n) => n.id).join(",")}}`}::int[])`);
    } finally {
      forgetSearchTableStats();
      await t
        .db()
        .delete(schema.posts)
        .where(sql`id = any(${`{${filler.map((n) => n.id).join(",")}}`}::int[])`);
    }
  });

  it("a word found as typed is searched as typed, not widened by close words", async () => {
    const [typo] = await t
      .db()
      .insert(schema.posts)
      .values({ menuId: f.news, title: "Supplier registration", description: "Warrenty, as the supplier spells it." })
      .returning();
    const ids = of(await find("warrenty", who.staff.user), "post").map((r) => r.id);
    expect(ids).toEqual([typo.id]);
    await t
      .db()
      .delete(schema.posts)
      .where(sql`id = ${typo.id}`);
  });
});

describe("nobody finds what they may not open", () => {
  it("a staff user searching for a restricted page's title finds neither the page nor its posts", async () => {
    const staff = await find("executive quarterback board", who.staff.user);
    expect(of(staff, "page")).toEqual([]);
    expect(of(await find("quarterly bonus", who.staff.user), "post")).toEqual([]);
    const admin = await find("executive quarterback board", who.admin.user);
    expect(of(admin, "page").map((r) => r.id)).toContain(f.restricted.id);
    expect(of(await find("quarterly bonus", who.manager.user), "post").map((r) => r.id)).toContain(f.secret.id);
  });

  it("inactive events: only the roles that see event status", async () => {
    expect(of(await find("hovercraft", who.staff.user), "event")).toEqual([]);
    expect(of(await find("hovercraft", who.manager.user), "event").map((r) => r.id)).toContain(f.hidden.id);
  });

  it("staff-form records: roles 1 and 2 every one, anyone else their own; titled by the request's reference", async () => {
    expect(of(await find("alternator", who.staff.user), "form")).toEqual([]);
    const r = of(await find("alternator", who.manager.user), "form")[0];
    expect(r.id).toBe(f.ro.id);
    expect(r.href).toBe(`/roreversal/view/${f.ro.id}`);
    expect(text(r.title)).toBe("RO reversal RA-77812 · Quentin Marlowe");
    expect(hits(r.snippet)).toEqual(["alternator"]);
    expect([r.context, r.date]).toEqual(["RO Reversal", "2026-02-02"]);
    expect(of(await find("Quentin Marlowe", who.admin.user), "form").map((x) => x.id)).toContain(f.ro.id);
  });

  it("a requester and a manager both find a request by its RA number, the employee's name and its reason; nobody else does", async () => {
    const [own] = await t
      .db()
      .insert(schema.roReversals)
      .values({
        employeeName: "Ottoline Quarrington",
        dateOfRequest: "2026-02-05",
        fullRa: "RA-558120",
        dateRaClosed: "2026-02-04",
        reason: "Camshaft sensor replaced under the wrong labour code.",
        createdBy: who.staff.user.id,
      })
      .returning();
    const [location] = await firstLocations(t.db(), 1);
    const other = await staffMember(t.db(), "searchoutsider", location);
    const ids = async (q: string, user: SessionUser) => of(await find(q, user), "form").map((r) => r.id);
    try {
      for (const q of ["RA-558120", "Ottoline Quarrington", "camshaft sensor"]) {
        expect(await ids(q, who.staff.user), q).toEqual([own.id]);
        expect(await ids(q, who.manager.user), q).toContain(own.id);
        expect(await ids(q, who.admin.user), q).toContain(own.id);
        expect(await ids(q, other.user), q).toEqual([]);
      }
      const [hit] = of(await find("RA-558120", who.staff.user), "form");
      expect(text(hit.title)).toBe("RO reversal RA-558120 · Ottoline Quarrington");
      expect(hit.href).toBe(`/roreversal/view/${own.id}`);
      // The v1 call answers the requester alike.
      const res = await api("q=camshaft&kind=form", who.staff.token);
      expect(res.json.content.groups.flatMap((g) => g.results.map((r) => r.href))).toContain(
        `/roreversal/view/${own.id}`,
      );
    } finally {
      await t.db().delete(schema.roReversals).where(eq(schema.roReversals.id, own.id));
    }
  });

  it("a tech time form by an RO number of its rows and its employee number, for its requester and a manager", async () => {
    const [tech] = await t
      .db()
      .insert(schema.techTimes)
      .values({
        employeeNumber: "T-4411",
        employeeName: "Quillon Brandywise",
        employeeEmail: "quillon@example.com",
        date: "2026-02-06",
        rowsText: "RO-661203 ACME Missed punch",
        createdBy: who.staff.user.id,
      })
      .returning();
    try {
      for (const q of ["RO-661203", "661203", "T-4411"]) {
        expect(
          of(await find(q, who.staff.user), "form").map((r) => r.id),
          q,
        ).toEqual([tech.id]);
        expect(
          of(await find(q, who.manager.user), "form").map((r) => r.id),
          q,
        ).toEqual([tech.id]);
      }
      const [hit] = of(await find("661203", who.staff.user), "form");
      expect(text(hit.title)).toBe("Tech time 02/06");
      expect(text(hit.snippet)).toContain("Quillon Brandywise");
    } finally {
      await t.db().delete(schema.techTimes).where(eq(schema.techTimes.id, tech.id));
    }
  });

  it("records of two forms with the same id are two results, each with its own form's page and name", async () => {
    await t.db().insert(schema.techTimes).values({
      id: f.ro.id,
      employeeNumber: "T-4410",
      employeeName: "Quentin Marlowe",
      employeeEmail: "quentin.marlowe@example.com",
      date: "2026-02-03",
    });
    const forms = of(await find("Quentin Marlowe", who.admin.user), "form");
    expect(
      forms
        .filter((r) => r.id === f.ro.id)
        .map((r) => [r.href, r.context])
        .sort(),
    ).toEqual([
      [`/roreversal/view/${f.ro.id}`, "RO Reversal"],
      [`/techtime/view/${f.ro.id}`, "Tech Time"],
    ]);
    await t.db().delete(schema.techTimes).where(eq(schema.techTimes.id, f.ro.id));
  });

  it("deleted people are not in the directory", async () => {
    expect(of(await find("Zacharias", who.admin.user), "person")).toEqual([]);
  });

  it("the same rules through the API (v1 envelope)", async () => {
    const res = await api("q=executive%20quarterback");
    expect(res.status).toBe(200);
    expect(res.json.status).toBe("success");
    expect(res.json.content.groups.find((g) => g.kind === "page")).toBeUndefined();
    const admin = await api("q=executive%20quarterback", who.admin.token);
    expect(admin.json.content.groups.find((g) => g.kind === "page")!.results[0].id).toBe(f.restricted.id);
  });
});

describe("filters and paging", () => {
  it("one kind, pages of PAGE_SIZE, with the total", async () => {
    const menu = f.news;
    await t
      .db()
      .insert(schema.posts)
      .values(
        Array.from({ length: PAGE_SIZE + 5 }, (_, i) => ({
          menuId: menu,
          title: `Pagination sample ${i}`,
          description: "",
        })),
      );
    const p1 = await searchPage({ q: "pagination", user: who.staff.user, kind: "post", page: 1 });
    const p2 = await searchPage({ q: "pagination", user: who.staff.user, kind: "post", page: 2 });
    expect(p1[0].total).toBe(PAGE_SIZE + 5);
    expect(p1[0].results).toHaveLength(PAGE_SIZE);
    expect(p2[0].results).toHaveLength(5);
    expect(new Set([...p1[0].results, ...p2[0].results].map((r) => r.id)).size).toBe(PAGE_SIZE + 5);
    const far = await searchPage({ q: "pagination", user: who.staff.user, kind: "post", page: 9 });
    expect(far[0]).toMatchObject({ results: [], total: PAGE_SIZE + 5 });
    const res = await api("q=pagination&kind=post&page=2");
    expect(res.json.content.groups[0]).toMatchObject({ kind: "post", total: PAGE_SIZE + 5 });
  });

  it("a date range keeps dated results inside it and leaves undated kinds out", async () => {
    const inside = await searchPage({
      q: "gala",
      user: who.staff.user,
      filters: { from: "2026-04-01", to: "2026-04-30" },
    });
    expect(of(inside, "save-the-date").map((r) => r.id)).toEqual([f.std.id]);
    const outside = await searchPage({ q: "gala", user: who.staff.user, filters: { from: "2026-05-01" } });
    expect(of(outside, "save-the-date")).toEqual([]);
    const ev = await searchPage({
      q: "clinic",
      user: who.staff.user,
      kind: "event",
      filters: { from: "2026-03-10", to: "2026-03-10" },
    });
    expect(ev[0].results.map((r) => r.id)).toEqual([f.clinic.id]);
    expect(
      of(await searchPage({ q: "documents", user: who.staff.user, filters: { from: "2020-01-01" } }), "page"),
    ).toEqual([]);
  });
});

describe("bad input", () => {
  const nothing = async (q: string) => {
    const res = await api(`q=${encodeURIComponent(q)}`);
    expect(res.status).toBe(200);
    expect(res.json.status).toBe("success");
    return res.json.content.groups;
  };

  it("empty and 1-character queries answer no results", async () => {
    expect(await nothing("")).toEqual([]);
    expect(await nothing("w")).toEqual([]);
    expect((await api("")).json.content.groups).toEqual([]);
  });

  it("500 characters: searched on its first 200", async () => {
    const res = await api(`q=${encodeURIComponent(`warranty ${"x".repeat(491)}`)}`);
    expect(res.status).toBe(200);
    expect(res.json.content.q.length).toBe(200);
  });

  it("only punctuation, and % _ \\ and quotes, are text, never syntax", async () => {
    expect(await nothing("?!.,;:-()[]{}")).toEqual([]);
    expect(await nothing(`%_\\'"`)).toEqual([]);
    expect(await nothing("%")).toEqual([]);
    expect(await nothing("'; drop table posts; --")).toEqual([]);
    expect(await nothing("claim & | ! :* <-> warranty")).not.toEqual([]);
    expect(await nothing("\\\\%%__")).toEqual([]);
  });

  it("NUL and other control characters are stripped", async () => {
    const groups = await nothing("warr\u0000anty\u0007\u001b claim");
    expect(groups).toBeInstanceOf(Array);
    expect(of(await find("claim\u0000 warranty\u0001", who.staff.user), "post").map((r) => r.id)).toContain(f.claim.id);
  });

  it("a query in another script", async () => {
    await t
      .db()
      .insert(schema.posts)
      .values({ menuId: f.news, title: "Привет коллеги", description: "東京 オフィス の お知らせ" });
    expect(of(await find("привет", who.staff.user), "post")).toHaveLength(1);
    expect(await nothing("東京")).toBeInstanceOf(Array);
    expect(await nothing("مرحبا")).toEqual([]);
  });

  it("a bad kind, page or date is a 422 with the field", async () => {
    for (const q of ["q=x&kind=secret", "q=x&page=0", "q=x&page=abc", "q=x&from=2026-13-01", "q=x&to=yesterday"]) {
      const res = await api(q);
      expect(res.status, q).toBe(422);
      expect(res.json.status).toBe("error");
    }
  });
});
