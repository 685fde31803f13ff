"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { DataTable, type DataTableColumn } from "@/components/data-table/data-table";
import { toast } from "@/components/ui/toast";
import { callAction } from "@/lib/actions/client";
import { toggleAttachmentGroupAction, toggleCalendarKeyAction } from "@/lib/backoffice/actions";
import { COLOR_OPTION, type ColorOptionKind, type ColorOptionRow } from "@/lib/backoffice/color-options";
import type { TableState } from "@/lib/data-table/state";

type Props = { kind: ColorOptionKind; state: TableState; rows: ColorOptionRow[]; total: number; canAdd: boolean };

const TOGGLE = { key: toggleCalendarKeyAction, group: toggleAttachmentGroupAction } as const;

const linkButton =
  "inline-flex items-center justify-center rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700";

/** A colour as a small square with its value for screen readers. */
export function ColorSwatch({ color }: { color: string }) {
  return (
    <span className="inline-flex items-center gap-2">
      <span
        aria-hidden="true"
        className="inline-block h-5 w-5 rounded border border-slate-300"
        style={{ backgroundColor: color }}
      />
      <span className="font-mono text-xs text-slate-600">{color}</span>
    </span>
  );
}

/**
 * The list of calendar keys or attachment groups (one component, `kind` picks the texts and actions):
 * name, colour swatch, the active/inactive switch (a server action; the page reloads its rows) and Edit; Add for administrators.
 */
export function ColorOptionList({ kind, state, rows, total, canAdd }: Props) {
  const texts = COLOR_OPTION[kind];
  const router = useRouter();
  const [busyId, setBusyId] = useState<number | null>(null);

  const toggle = async (row: ColorOptionRow) => {
    setBusyId(row.id);
    const res = await callAction(TOGGLE[kind]({ id: row.id }));
    setBusyId(null);
    if (!res.ok) {
      toast.error(res.message);
      return;
    }
    toast.success(`${row.name} is now ${row.status === "active" ? "inactive" : "active"}`);
    router.refresh();
  };

  const columns: DataTableColumn<ColorOptionRow>[] = [
    {
      id: "name",
      header: texts.nameLabel,
      sortable: true,
      filter: { kind: "text" },
      cell: (r) => <span className="font-medium">{r.name}</span>,
      className: "w-full",
    },
    { id: "color", header: "Colour", cell: (r) => <ColorSwatch color={r.colorCode} /> },
    {
      id: "status",
      header: "Status",
      sortable: true,
      cell: (r) => (
        <button
          type="button"
          role="switch"
          aria-checked={r.status === "active"}
          aria-label={`${r.name} active`}
          disabled={busyId === r.id}
          onClick={() => toggle(r)}
          className="inline-flex items-center gap-2 text-sm disabled:opacity-50"
        >
          <span
            aria-hidden="true"
            className={`relative inline-block h-5 w-9 rounded-full transition-colors ${r.status === "active" ? "bg-emerald-600" : "bg-slate-400"}`}
          >
            <span
              className={`absolute top-0.5 h-4 w-4 rounded-full bg-white transition-all ${r.status === "active" ? "left-4.5" : "left-0.5"}`}
            />
          </span>
          <span>{r.status === "active" ? "Active" : "Inactive"}</span>
        </button>
      ),
    },
    {
      id: "actions",
      header: "Action",
      cell: (r) => (
        <Link
          href={`${texts.path}/edit/${r.id}`}
          prefetch={false}
          className="text-brand-700 hover:underline"
          aria-label={`Edit ${r.name}`}
        >
          Edit
        </Link>
      ),
    },
  ];

  return (
    <DataTable
      path={`${texts.path}/list`}
      title={texts.listTitle}
      state={state}
      defaultSort={{ id: "id", desc: true }}
      rows={rows}
      total={total}
      columns={columns}
      rowId={(r) => String(r.id)}
      rowLabel={(r) => r.name}
      toolbar={() =>
        canAdd ? (
          <Link href={`${texts.path}/add`} prefetch={false} className={linkButton}>
            Add
          </Link>
        ) : null
      }
    />
  );
}
