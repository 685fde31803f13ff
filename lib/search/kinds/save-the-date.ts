import "server-only";
import { sql } from "drizzle-orm";
import { defineKind, headline, plainTitle, titleHeadline } from "../engine";
import { CONTENT_FIELDS, contentHref, contentSources } from "./content";
import { documentName, documentSnippet } from "./documents";

/** Save-the-date entries: their title, text and documents; dated by the event's day. */
export const saveTheDateKind = defineKind({
  kind: "save-the-date",
  fields: CONTENT_FIELDS,
  sources: (ctx) =>
    contentSources(
      ctx,
      { src: "text", table: "save_the_dates", alias: "o", vector: sql`o.search_vector`, id: sql`o.id` },
      sql`save_the_dates`,
      "save_the_date_id",
      "event_date",
    ),
  rows: () => sql`select h.id, h.rank, h.total, h.src, ${titleHeadline(sql`s.title::text`)} as title,
    case h.src when 'text' then ${headline(sql`s.description`)} else ${documentSnippet} end as snippet,
    ${documentName} as document_name, s.event_date::text as date, m.slug, m.page_types::text as page_types, m.title as menu_title
    from h join save_the_dates s on s.id = h.id join menus m on m.id = s.menu_id, q`,
  toResult: (r, base) => ({
    ...base,
    href: contentHref(r, "save-the-date", plainTitle(base)),
    context: r.menu_title ?? "",
  }),
});
