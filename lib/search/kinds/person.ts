import "server-only";
import { sql } from "drizzle-orm";
import { defineKind, hasDateFilter, plainTitle, titleHeadline } from "../engine";
import { plainSegments } from "../highlight";
import { personName } from "@/lib/users/display-name";

/**
 * People as the directory shows them (not deleted, active), by name and by their location's name. The
 * result opens the user's edit screen for those who manage the back office, a people search otherwise.
 */
export const personKind = defineKind({
  kind: "person",
  fields: { username: "text", position: "text", location: "text" },
  sources: (ctx) => {
    if (hasDateFilter(ctx.filters)) return null;
    const live = [sql`u.deleted_at is null`, sql`u.status = 'active'`];
    return [
      { src: "title", table: "users", alias: "u", vector: sql`u.search_vector`, id: sql`u.id`, where: live },
      {
        src: "text",
        table: "locations",
        alias: "l",
        join: sql`join users u on u.location_id = l.id`,
        vector: sql`l.search_vector`,
        id: sql`u.id`,
        where: live,
        weight: 0.5,
      },
    ];
  },
  rows: () => sql`select h.id, h.rank, h.total, h.src,
    ${titleHeadline(personName({ firstName: sql`u.first_name`, lastName: sql`u.last_name` }))} as title, null as snippet, null as document_name, null as date,
    u.username, coalesce(u.post, '') as position, coalesce(l.name, '') as location
    from h join users u on u.id = h.id left join locations l on l.id = u.location_id, q`,
  toResult: (r, base, viewer) => {
    const name = plainTitle(base) || r.username || "";
    return {
      ...base,
      title: base.title.length ? base.title : plainSegments(name),
      href: viewer.seePeopleAdmin ? `/updateusers/${r.id}` : `/search?kind=person&q=${encodeURIComponent(name)}`,
      context: [r.position, r.location].filter(Boolean).join(" · "),
      date: null,
    };
  },
});
