import "server-only";
import { sql } from "drizzle-orm";
import { defineKind, hasDateFilter, intArray, titleHeadline } from "../engine";

/** Menu pages the viewer's sidebar shows, by title; a page that is a link opens it. */
export const pageKind = defineKind({
  kind: "page",
  fields: { slug: "text", url: "text", parent_title: "text" },
  sources: (ctx) =>
    hasDateFilter(ctx.filters) || !ctx.viewer.menus.all.length
      ? null
      : [
          {
            src: "title",
            table: "menus",
            alias: "m",
            vector: sql`setweight(to_tsvector('english'::regconfig, m.title::text), 'A')`,
            id: sql`m.id`,
            where: [sql`m.id = any(${intArray(ctx.viewer.menus.all)})`],
          },
        ],
  rows: () => sql`select h.id, h.rank, h.total, h.src, ${titleHeadline(sql`m.title::text`)} as title, null as snippet, null as document_name, null as date,
    m.slug, m.url, p.title as parent_title
    from h join menus m on m.id = h.id left join menus p on p.id = m.parent_id, q`,
  toResult: (r, base) => ({
    ...base,
    href: r.url ?? `/${r.slug}`,
    ...(r.url ? { external: true } : {}),
    context: r.parent_title ? `Under ${r.parent_title}` : "Menu page",
    source: "title",
  }),
});
