import "server-only";
import { sql } from "drizzle-orm";
import { defineKind, iso, plainTitle, titleHeadline } from "../engine";
import { CONTENT_FIELDS, contentHref, contentSources } from "./content";
import { documentName, documentSnippet } from "./documents";

/** Attachments: their title and documents; the result opens the menu's Attachment tab in its group. */
export const attachmentKind = defineKind({
  kind: "attachment",
  fields: { ...CONTENT_FIELDS, group_id: "int", group_name: "text" },
  sources: (ctx) =>
    contentSources(
      ctx,
      { src: "title", table: "attachments", alias: "o", vector: sql`o.search_vector`, id: sql`o.id` },
      sql`attachments`,
      "attachment_id",
      "updated_at",
    ),
  rows: () => sql`select h.id, h.rank, h.total, h.src, ${titleHeadline(sql`a.title::text`)} as title,
    ${documentSnippet} as snippet, ${documentName} as document_name, ${iso(sql`a.updated_at`)} as date,
    m.slug, m.page_types::text as page_types, m.title as menu_title, a.group_id, g.name as group_name
    from h join attachments a on a.id = h.id join menus m on m.id = a.menu_id left join attachment_groups g on g.id = a.group_id, q`,
  toResult: (r, base) => ({
    ...base,
    href: contentHref(r, "attachment", plainTitle(base), r.group_id),
    context: [r.menu_title, r.group_name].filter(Boolean).join(" · "),
  }),
});
