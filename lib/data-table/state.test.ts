import { describe, expect, it } from "vitest";
import {
  clampPageInput,
  lastPage,
  listLabelsWithUpdated,
  pageWindow,
  parseTableState,
  rangeCaption,
  tableHref,
  type TableSpec,
} from "./state";

const spec: TableSpec = {
  sortable: ["id", "name", "email"],
  filters: { name: "text", role: "id" },
  defaultSort: { id: "id", desc: true },
};

describe("parseTableState", () => {
  it("reads page, size, sort and filters; the canonical URL leaves defaults out", () => {
    const { state, changed } = parseTableState(
      { page: "3", size: "50", sort: "name.asc", f_name: "smith", f_role: "2" },
      spec,
    );
    expect(changed).toBe(false);
    expect(state).toEqual({
      page: 3,
      size: 50,
      sort: { id: "name", desc: false },
      filters: { name: "smith", role: "2" },
    });
    expect(tableHref("/user/list", state, spec)).toBe("/user/list?f_name=smith&f_role=2&sort=name.asc&size=50&page=3");
    expect(tableHref("/user/list", state, spec, { page: 1, size: 25, sort: spec.defaultSort, filters: {} })).toBe(
      "/user/list",
    );
  });

  it.each([
    [{ page: "0" }, 1],
    [{ page: "-4" }, 1],
    [{ page: "abc" }, 1],
    [{ page: "" }, 1],
    [{ page: "1.5" }, 1],
    [{ page: "1" }, 1],
    [{ page: "99999999999" }, 1],
  ])("page %j falls back to %i and asks for a redirect", (raw, page) => {
    const { state, changed } = parseTableState(raw, spec);
    expect(state.page).toBe(page);
    expect(changed).toBe(true);
  });

  it.each([["30"], ["0"], ["1000"], ["x"], ["25"]])(
    "size %s is not a canonical size: default 25 and redirect",
    (size) => {
      const { state, changed } = parseTableState({ size }, spec);
      expect(state.size).toBe(25);
      expect(changed).toBe(true);
    },
  );

  it("drops unknown sort and filter columns, bad id filters, empty and unknown parameters", () => {
    for (const raw of [
      { sort: "password_hash.asc" },
      { sort: "name" },
      { sort: "name.up" },
      { f_password_hash: "x" },
      { f_role: "1 or 1=1" },
      { f_name: "  " },
      { utm: "x" },
      { sort: "id.desc" },
    ]) {
      const { state, changed } = parseTableState(raw, spec);
      expect(changed, JSON.stringify(raw)).toBe(true);
      expect(state.sort).toEqual({ id: "id", desc: true });
      expect(state.filters).toEqual({});
    }
  });

  it("cuts an over-long filter to 190 characters", () => {
    const { state, changed } = parseTableState({ f_name: "x".repeat(300) }, spec);
    expect(state.filters.name).toHaveLength(190);
    expect(changed).toBe(true);
  });
});

describe("the Page box and the pager", () => {
  it("clamps like the old portal: below 1 or empty to 1, past the end to the last, non-numeric to 1", () => {
    expect(clampPageInput("", 10)).toBe(1);
    expect(clampPageInput("0", 10)).toBe(1);
    expect(clampPageInput("-3", 10)).toBe(1);
    expect(clampPageInput("11", 10)).toBe(10);
    expect(clampPageInput("abc", 10)).toBe(1);
    expect(clampPageInput("4", 10)).toBe(4);
    expect(clampPageInput("5", 0)).toBe(1);
  });

  it("shows a window of 7 page numbers", () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageWindow(10, 20)).toEqual([7, 8, 9, 10, 11, 12, 13]);
    expect(pageWindow(20, 20)).toEqual([14, 15, 16, 17, 18, 19, 20]);
  });

  it("captions the range", () => {
    expect(rangeCaption(1, 25, 0)).toBe("0–0 of 0");
    expect(rangeCaption(2, 25, 60)).toBe("26–50 of 60");
    expect(rangeCaption(3, 25, 60)).toBe("51–60 of 60");
    expect(lastPage(60, 25)).toBe(3);
    expect(lastPage(0, 25)).toBe(1);
  });
});

describe("listLabelsWithUpdated", () => {
  it("labels a list's own columns and the updated columns every staff-form list ends with", () => {
    const label = listLabelsWithUpdated([
      { id: "employee_name", label: "Employee Name" },
      { id: "note", label: "Note" },
    ]);
    expect((["employee_name", "note", "updated_by", "updated_at"] as const).map((id) => label(id))).toEqual([
      "Employee Name",
      "Note",
      "Updated By",
      "Updated At",
    ]);
  });
});
