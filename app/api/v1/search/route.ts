import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { searchPage, suggest, PAGE_SIZE } from "@/lib/search/queries";
import { cleanQuery, searchQuerySchema } from "@/lib/search/schemas";

/**
 * GET /api/v1/search?q=&kind=&page=&from=&to= (any signed-in user): the portal search in the v1
 * envelope. `content.groups` holds one entry per kind with results (`kind`, `total`, `total_capped`,
 * `results`); with `kind` it is that kind's page of PAGE_SIZE. `suggest=1` answers the header box's few
 * per kind. What the caller may not open is never in it (lib/search/queries.ts).
 */
export const GET = withApi({}, { query: searchQuerySchema }, async ({ user, query }) => {
  const groups =
    query.suggest === "1"
      ? await suggest({ q: query.q, user })
      : await searchPage({
          q: query.q,
          user,
          kind: query.kind,
          page: query.page ?? 1,
          filters: { from: query.from, to: query.to },
        });
  return ok({
    q: cleanQuery(query.q),
    kind: query.kind ?? null,
    page: query.page ?? 1,
    per_page: PAGE_SIZE,
    groups: groups.map((g) => ({
      kind: g.kind,
      total: g.total,
      total_capped: g.totalCapped,
      results: g.results.map((r) => ({
        kind: r.kind,
        id: r.id,
        title: r.title,
        snippet: r.snippet,
        href: r.href,
        external: r.external ?? false,
        context: r.context,
        date: r.date,
        source: r.source,
        document_name: r.documentName ?? null,
      })),
    })),
  });
});
