import "server-only";
import { connection } from "next/server";
import { notFound, redirect } from "next/navigation";
import { pageGuard, requireCapability } from "@/lib/auth/guards";
import { lastPage, parseTableState, tableHref } from "@/lib/data-table/state";
import { COLOR_OPTION, type ColorOptionKind } from "@/lib/backoffice/color-options";
import { colorOptionTable, getColorOption, listColorOptionPage } from "@/lib/backoffice/color-option-service";
import { ColorOptionList } from "./color-option-list";
import { ColorOptionForm } from "./color-option-form";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** `/key/list` and `/attachment-group/list` (administrators; others get the 403 page), state in the URL. */
export async function ColorOptionListPage({ kind, searchParams }: { kind: ColorOptionKind; searchParams: SearchParams }) {
  await connection();
  await pageGuard(requireCapability("manageBackOffice"));
  const texts = COLOR_OPTION[kind];
  const spec = colorOptionTable(kind);
  const path = `${texts.path}/list`;
  const { state, changed } = parseTableState(await searchParams, spec);
  if (changed) redirect(tableHref(path, state, spec));
  const list = await listColorOptionPage(kind, state);
  const last = lastPage(list.total, state.size);
  if (state.page > last) redirect(tableHref(path, state, spec, { page: last }));
  return (
    <div className="space-y-4 rounded-lg bg-white p-4 shadow-sm sm:p-6">
      <h1 className="text-2xl font-semibold text-slate-900">{texts.listTitle}</h1>
      <ColorOptionList kind={kind} state={state} rows={list.rows} total={list.total} canAdd />
    </div>
  );
}

/** `/key/add`, `/key/edit/{id}` and the same for groups (administrators). An unknown id is the 404 page. */
export async function ColorOptionFormPage({ kind, params }: { kind: ColorOptionKind; params?: Promise<{ id: string }> }) {
  await connection();
  const user = await pageGuard(requireCapability("manageBackOffice"));
  const userName = `${user.firstName} ${user.lastName}`.trim() || user.username;
  if (!params) return <ColorOptionForm kind={kind} userName={userName} />;
  const raw = (await params).id;
  const id = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : NaN;
  const row = Number.isSafeInteger(id) && id <= 2_147_483_647 ? await getColorOption(kind, id) : null;
  if (!row) notFound();
  return <ColorOptionForm kind={kind} id={row.id} initial={{ name: row.name, color: row.colorCode }} userName={userName} />;
}
