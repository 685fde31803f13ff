/**
 * Per docs/features/staff-forms.md, a staff form is one registration (lib/forms/registry.ts, lib/forms/registry-server.ts). A
 * registered form without its screens, its list and export, its search source or its workflow fails
 * here; the places that used to list the forms by hand take them from the registry.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { setupTestDatabase } from "@/test/db";
import { rowsOf } from "@/lib/db/rows";
import { FORM_KEYS, FORM_LABELS, formKeyOf, formIdOf } from "@/lib/forms/form-keys";
import { STAFF_FORMS, STAFF_FORM_SEGMENTS, staffFormHref } from "@/lib/forms/registry";
import { REQUEST_TABLES, STAFF_FORM_REGISTRATIONS } from "@/lib/forms/registry-server";
import { API_FORMS, TRANSITIONS, apiFormOf, decisionsFrom, workflowOf } from "@/lib/requests/transitions";
import { requestTargetsSchema } from "@/lib/requests/schemas";
import { SEARCH_VECTOR_TABLES } from "@/lib/search/vectors";
import { RESERVED_SEGMENTS } from "@/lib/menus/slug";
import { formsMenu } from "@/components/shell/shell-utils";
import { isIconName } from "@/components/ui/icon-names";

const t = setupTestDatabase();
const root = process.cwd();
/** The page file of a route under app/(portal). */
const pageFile = (route: string) => path.join(root, "app/(portal)", route, "page.tsx");

describe("every registered form has its parts", () => {
  describe.each(FORM_KEYS)("%s", (key) => {
    const form = STAFF_FORM_REGISTRATIONS[key];

    it("has its screens: list, add, view (and edit when registered with one), at its registered path", () => {
      const pages = ["list", "add", "view/[id]", ...(form.editPage ? ["edit/[id]"] : [])];
      for (const page of pages)
        expect(fs.existsSync(pageFile(`${form.path}/${page}`)), `${form.path}/${page}`).toBe(true);
      if (!form.editPage) expect(fs.existsSync(pageFile(`${form.path}/edit/[id]`))).toBe(false);
      expect(staffFormHref(key, "view", 7)).toBe(`${form.path}/view/7`);
    });

    it("has a list on its own table, with an export route at the export's path", () => {
      expect(form.list.definition.table).toBe(form.table);
      expect(typeof form.list.list).toBe("function");
      const exportRoute = path.join(root, "app", form.list.definition.export.path, "route.ts");
      expect(fs.existsSync(exportRoute), exportRoute).toBe(true);
      expect(REQUEST_TABLES[key]).toBe(form.table);
    });

    it("has a search source: its table keeps a stored, indexed search_vector, and its date column exists", async () => {
      expect(SEARCH_VECTOR_TABLES).toContain(form.tableName);
      const cols = rowsOf<{ name: string; generated: string }>(
        await t
          .db()
          .execute(
            sql`select attname::text as name, attgenerated::text as generated from pg_attribute where attrelid = ${form.tableName}::regclass and attnum > 0 and not attisdropped`,
          ),
      );
      expect(cols.find((c) => c.name === "search_vector")?.generated).toBe("s");
      expect(cols.map((c) => c.name)).toContain(form.search.dateColumn);
      const indexes = rowsOf<{ def: string }>(
        await t.db().execute(sql`select indexdef as def from pg_indexes where tablename = ${form.tableName}`),
      );
      expect(indexes.map((i) => i.def).filter((d) => /using gin \(search_vector\)/i.test(d))).toHaveLength(1);
      // The result's title (the reference), snippet and date read the form's own table (as `t`), and the
      // reference reads it by name too: a column it lacks fails here.
      await t
        .db()
        .execute(
          sql`select ${form.referenceOf(sql.raw("t"))}, ${form.search.snippet}, ${form.search.date} from ${sql.raw(form.tableName)} t limit 1`,
        );
      await t.db().execute(sql`select ${form.reference} from ${sql.raw(form.tableName)} limit 1`);
    });

    it("has a workflow a request starts in, and a v1 `form` name that leads back to it", () => {
      expect(TRANSITIONS[workflowOf(key)]).toBeDefined();
      expect(decisionsFrom(workflowOf(key), "submitted").length).toBeGreaterThan(0);
      expect(API_FORMS[apiFormOf(key)]).toBe(key);
      expect(formKeyOf(formIdOf(key))).toBe(key);
    });

    it("is in the sidebar's Forms group with a drawn icon, and its path's first segment is no menu slug", () => {
      expect(isIconName(STAFF_FORMS[key].menu.icon), STAFF_FORMS[key].menu.icon).toBe(true);
      const link = formsMenu({ roleId: 1, permissions: [] }).find((l) => l.match === form.path);
      expect(link?.href).toBe(staffFormHref(key, "list"));
      expect(STAFF_FORM_SEGMENTS).toContain(form.path.split("/")[1]);
      expect(RESERVED_SEGMENTS.has(form.path.split("/")[1])).toBe(true);
    });

    it("has a deadline in the targets form and a label in the request options", () => {
      expect(Object.keys(requestTargetsSchema.shape)).toContain(key);
      expect(FORM_LABELS[key]).toBe(form.label);
    });
  });

  it("no two forms share a path, a v1 name or a table", () => {
    const all = FORM_KEYS.map((k) => STAFF_FORM_REGISTRATIONS[k]);
    for (const part of ["path", "apiForm", "tableName"] as const) {
      expect(new Set(all.map((f) => f[part])).size, part).toBe(all.length);
    }
  });
});
