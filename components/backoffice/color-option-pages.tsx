import { COLOR_OPTION, type ColorOptionKind } from "@/lib/backoffice/color-options";
import type { TableState } from "@/lib/data-table/state";
import { ColorOptionList } from "./color-option-list";

type ListProps = {
  kind: ColorOptionKind;
  state: TableState;
  rows: Parameters<typeof ColorOptionList>[0]["rows"];
  total: number;
};

/** `/key/list` and `/attachment-group/list`: the page (app/) checks access and loads the rows. */
export function ColorOptionListPage({ kind, state, rows, total }: ListProps) {
  return (
    <div className="space-y-4 rounded-lg bg-white p-4 shadow-sm sm:p-6">
      <h1 className="text-2xl font-semibold text-slate-900">{COLOR_OPTION[kind].listTitle}</h1>
      <ColorOptionList kind={kind} state={state} rows={rows} total={total} canAdd />
    </div>
  );
}
