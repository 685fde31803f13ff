import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { PgDialect, integer, pgTable, text } from "drizzle-orm/pg-core";
import { assertTableState, contains, equalsId, specOf, tableOrder, tableWhere, type TableQuerySpec } from "./query";
import { AppError } from "@/lib/errors";

const people = pgTable("people", { id: integer().primaryKey(), name: text(), roleId: integer() });
const q: TableQuerySpec = {
  columns: {
    id: { sort: [] },
    name: { sort: [people.name], filter: contains(people.name) },
    role: { filter: equalsId(people.roleId) },
  },
  tiebreak: people.id,
  defaultSort: { id: "id", desc: true },
};
const dialect = new PgDialect();
const render = (s: Parameters<PgDialect["sqlToQuery"]>[0]) => dialect.sqlToQuery(s);

describe("the query helper's allow-list", () => {
  it("derives the URL spec from the columns", () => {
    expect(specOf(q)).toEqual({
      sortable: ["id", "name"],
      filters: { name: "text", role: "id" },
      defaultSort: { id: "id", desc: true },
    });
  });

  it("filter values are parameters, wildcards escaped", () => {
    const where = tableWhere(q, { name: '50%_off"; drop table people; --', role: "3" })!;
    const { sql: text, params } = render(where);
    expect(text).not.toContain("drop table");
    expect(params).toEqual(['%50\\%\\_off"; drop table people; --%', 3]);
  });

  it("orders by the column's expressions, then the tiebreak, in one direction", () => {
    const { sql: text } = render(sql.join(tableOrder(q, { id: "name", desc: true }), sql`, `));
    expect(text).toBe('"people"."name" desc, "people"."id" desc');
  });

  it("refuses an unknown sort or filter column with a 422 instead of using it", () => {
    expect(() => tableOrder(q, { id: "password_hash", desc: false })).toThrow(AppError);
    expect(() => tableOrder(q, { id: "constructor", desc: false })).toThrow(AppError);
    expect(() => tableOrder(q, { id: "role", desc: false })).toThrow(/cannot be sorted/);
    expect(() => tableWhere(q, { "name) or (1=1": "x" })).toThrow(/cannot be filtered/);
    const state = { page: 1, size: 25 as const, sort: { id: "id", desc: true }, filters: {} };
    expect(() => assertTableState(q, { ...state, filters: { __proto__: "x" } as never })).not.toThrow();
    for (const bad of [
      { page: 0 },
      { page: 1.5 },
      { size: 30 },
      { sort: { id: "x", desc: false } },
      { filters: { role: "abc" } },
      { filters: { nope: "1" } },
    ]) {
      expect(() => assertTableState(q, { ...state, ...bad } as never), JSON.stringify(bad)).toThrow(AppError);
    }
  });
});
