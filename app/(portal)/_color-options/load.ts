import "server-only";
import { notFound, redirect } from "next/navigation";
import { lastPage, parseTableState, tableHref } from "@/lib/data-table/state";
import { COLOR_OPTION, type ColorOptionKind } from "@/lib/backoffice/color-options";
import { colorOptionTable, getColorOption, listColorOptionPage } from "@/lib/backoffice/queries";
import { toId } from "@/lib/validation/id";

/**
 * The data of `/key/list` and `/attachment-group/list` (the page has checked access first): the table
 * state from the URL, sent to its canonical URL when it changed or names a page past the last one.
 */
export async function loadColorOptionList(
  kind: ColorOptionKind,
  searchParams: Promise<Record<string, string | string[] | undefined>>,
) {
  const spec = colorOptionTable(kind);
  const path = `${COLOR_OPTION[kind].path}/list`;
  const { state, changed } = parseTableState(await searchParams, spec);
  if (changed) redirect(tableHref(path, state, spec));
  const list = await listColorOptionPage(kind, state);
  const last = lastPage(list.total, state.size);
  if (state.page > last) redirect(tableHref(path, state, spec, { page: last }));
  return { state, rows: list.rows, total: list.total };
}

/**
 * The form's values for the key or group `/…/edit/{id}` edits (the page has checked access first): its id
 * and its name and colour; an unknown id is the 404 page.
 */
export async function loadColorOption(kind: ColorOptionKind, params: Promise<{ id: string }>) {
  const id = toId((await params).id);
  const row = id === null ? null : await getColorOption(kind, id);
  if (!row) notFound();
  return { id: row.id, initial: { name: row.name, color: row.colorCode } };
}
