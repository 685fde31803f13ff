import "server-only";
import { sql } from "drizzle-orm";
import { defineKind, headline, iso, titleHeadline } from "../engine";
import { CONTENT_FIELDS, contentSources, contentWhere } from "./content";
import { documentName, documentSnippet } from "./documents";

/** Discussion posts: their title and text, their comments, their documents. */
export const postKind = defineKind({
  kind: "post",
  fields: CONTENT_FIELDS,
  sources: (ctx) => {
    const own = contentSources(
      ctx,
      { src: "text", table: "posts", alias: "o", vector: sql`o.search_vector`, id: sql`o.id` },
      sql`posts`,
      "post_id",
      "published_at",
    );
    if (!own) return null;
    return [
      ...own,
      {
        src: "comment",
        table: "comments",
        alias: "c",
        join: sql`join posts o on o.id = c.post_id`,
        vector: sql`c.search_vector`,
        id: sql`c.post_id`,
        where: contentWhere(ctx, "post_id", "published_at"),
        srcId: sql`c.id`,
      },
    ];
  },
  rows: () => sql`select h.id, h.rank, h.total, h.src, ${titleHeadline(sql`p.title::text`)} as title,
    case h.src when 'text' then ${headline(sql`p.description`)}
      when 'comment' then (select ${headline(sql`c.comment`)} from comments c where c.id = h.src_id)
      else ${documentSnippet} end as snippet,
    ${documentName} as document_name, ${iso(sql`p.published_at`)} as date, m.slug, m.page_types::text as page_types, m.title as menu_title
    from h join posts p on p.id = h.id join menus m on m.id = p.menu_id, q`,
  toResult: (r, base) => ({ ...base, href: `/${r.slug}/post/${r.id}`, context: r.menu_title ?? "" }),
});
