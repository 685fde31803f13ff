import "server-only";
import { sql } from "drizzle-orm";
import { FORM_KEYS, isFormKey } from "@/lib/forms/form-keys";
import { STAFF_FORMS, staffFormHref } from "@/lib/forms/registry";
import { STAFF_FORM_REGISTRATIONS } from "@/lib/forms/registry-server";
import { dateRange, defineKind, headline, titleHeadline } from "../engine";

/**
 * Staff-form records, one kind over every registered form (lib/forms/registry-server.ts `search`), for
 * whoever may open them (the record pages' rule, ownRecordOr404): the roles that manage staff forms find
 * every request, anyone else their own, by the same words (the reference, the employee's name, the texts
 * typed into it: each table's stored `search_vector`). Each form is a source of its own, its hits keyed by
 * (form_key, id); the page's rows read each form's records from its own table, titled by its reference.
 */
export const staffFormKind = defineKind({
  kind: "form",
  fields: { form_key: "text" },
  tieBreak: "form_key",
  sources: (ctx) =>
    FORM_KEYS.map((key) => {
      const form = STAFF_FORM_REGISTRATIONS[key];
      const own = !ctx.viewer.seeForms;
      return {
        src: "text" as const,
        table: form.tableName,
        alias: "t",
        vector: sql`t.search_vector`,
        id: sql`t.id`,
        where: [
          ...dateRange(sql.raw(`t.${form.search.dateColumn}`), ctx.filters),
          ...(own ? [sql`t.created_by = ${ctx.viewer.user.id}`] : []),
        ],
        formKey: key,
        // One person's requests are few: the planner starts from the (created_by, id) index.
        planner: own,
      };
    }),
  rows: () =>
    sql.join(
      FORM_KEYS.map((key) => {
        const { tableName, search, referenceOf } = STAFF_FORM_REGISTRATIONS[key];
        return sql`(select h.id, h.rank, h.total, h.src, ${titleHeadline(referenceOf(sql.raw("t")))} as title,
          ${headline(search.snippet)} as snippet, null as document_name, ${search.date} as date, h.form_key
          from h join ${sql.raw(tableName)} t on t.id = h.id, q where h.form_key = ${sql.raw(`'${key}'`)})`;
      }),
      sql` union all `,
    ),
  toResult: (r, base) => {
    const form = isFormKey(r.form_key) ? r.form_key : null;
    if (!form) throw new Error(`search: a form row of no registered form (${r.form_key})`);
    return { ...base, href: staffFormHref(form, "view", base.id), context: STAFF_FORMS[form].searchName };
  },
});
