"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { DataTable, type DataTableColumn } from "@/components/data-table/data-table";
import { ExportButton } from "@/components/data-table/export-button";
import { sendV1 } from "@/lib/api/client";
import { Button, buttonClass } from "@/components/ui/button";
import { useBulkDelete } from "@/components/data-table/bulk-delete";
import { toast } from "@/components/ui/toast";
import { deleteUsersAction, setUsersActiveAction } from "@/lib/users/actions";
import { callAction } from "@/lib/actions/client";
import { PEOPLE_MESSAGES } from "@/lib/users/schemas";
import type { TableState } from "@/lib/data-table/state";
import {
  USER_COLUMNS,
  USER_DEFAULT_SORT,
  USER_DEACTIVATE_TEXTS,
  USER_DELETE_TEXTS,
  USER_STATUSES,
  userStatusLabel,
  type UserListRow,
} from "@/lib/users/columns";
import { NotifyModal } from "./notify-modal";
import { personNameOf, personNameOrUsernameOf } from "@/lib/users/display-name";

type Option = { value: number; text: string };
type Props = {
  state: TableState;
  rows: UserListRow[];
  total: number;
  currentUserId: number;
  options: Record<"role" | "location" | "department" | "state", Option[]>;
};

const text = (v: string | null) => v ?? "";

/** The user list's columns and actions on the shared DataTable. */
export function UserTable({ state, rows, total, currentUserId, options }: Props) {
  const router = useRouter();
  const { remove: bulkDelete, dialog } = useBulkDelete();
  const [notifyIds, setNotifyIds] = useState<number[] | null>(null);
  const label = (id: (typeof USER_COLUMNS)[number]["id"]) => USER_COLUMNS.find((c) => c.id === id)!.label;
  const select = (id: keyof Props["options"]) => ({ kind: "select" as const, options: options[id] });

  const columns: DataTableColumn<UserListRow>[] = [
    {
      id: "name",
      header: label("name"),
      sortable: true,
      filter: { kind: "text" },
      cell: (r) => personNameOf(r),
    },
    { id: "email", header: label("email"), sortable: true, filter: { kind: "text" }, cell: (r) => text(r.email) },
    { id: "emp_id", header: label("emp_id"), sortable: true, filter: { kind: "text" }, cell: (r) => text(r.empId) },
    { id: "role", header: label("role"), sortable: true, filter: select("role"), cell: (r) => r.roleName },
    {
      id: "location",
      header: label("location"),
      sortable: true,
      filter: select("location"),
      cell: (r) => text(r.locationName),
    },
    {
      id: "department",
      header: label("department"),
      sortable: true,
      filter: select("department"),
      cell: (r) => text(r.departmentName),
    },
    { id: "state", header: label("state"), sortable: true, filter: select("state"), cell: (r) => text(r.stateName) },
    { id: "phone", header: label("phone"), sortable: true, filter: { kind: "text" }, cell: (r) => text(r.phone) },
    {
      id: "status",
      header: label("status"),
      sortable: true,
      filter: { kind: "select", options: USER_STATUSES.map((s, i) => ({ value: i + 1, text: s.label })) },
      cell: (r) =>
        r.status === "active" ? (
          userStatusLabel(r.status)
        ) : (
          <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-medium text-slate-800">
            {userStatusLabel(r.status)}
          </span>
        ),
    },
    { id: "permissions", header: label("permissions"), cell: (r) => r.permissions },
    {
      id: "actions",
      header: "Action",
      // One's own record is edited on the profile screen, not here (the old portal's screens).
      cell: (r) =>
        r.id === currentUserId ? null : (
          <Link
            href={`/updateusers/${r.id}`}
            prefetch={false}
            className="text-brand-700 hover:underline"
            aria-label={`Edit ${personNameOf(r)}`.trim()}
          >
            Edit
          </Link>
        ),
    },
  ];

  const exportLink = (format: "csv" | "xlsx", selected: string[]) => async () => {
    const content = await sendV1<{ web: string }>("listuser", {
      filters: state.filters,
      sort: { field: state.sort.id, type: state.sort.desc ? "desc" : "asc" },
      export_users: format,
      ...(selected.length ? { users_arr: selected.map(Number) } : {}),
    });
    return content.web;
  };

  const remove = async (selected: string[], clear: () => void) => {
    const ids = selected.map(Number);
    if (ids.includes(currentUserId)) {
      toast.error(USER_DELETE_TEXTS.self);
      return;
    }
    await bulkDelete(USER_DELETE_TEXTS, () => deleteUsersAction({ deleteArr: ids }), clear);
  };

  // Deactivate asks first (sessions end at once), as Delete does; Reactivate is undone by Deactivate.
  const setActive = async (selected: string[], clear: () => void, active: boolean) => {
    const ids = selected.map(Number);
    if (!active && ids.includes(currentUserId)) {
      toast.error(PEOPLE_MESSAGES.deactivateSelf);
      return;
    }
    const run = () => setUsersActiveAction({ ids, active });
    if (!active) {
      await bulkDelete(USER_DEACTIVATE_TEXTS(ids.length), run, clear);
      return;
    }
    const res = await callAction(run());
    if (!res.ok) return void toast.error(res.message);
    toast.success(res.message ?? "Done.");
    clear();
    router.refresh();
  };

  return (
    <>
      <DataTable
        path="/user/list"
        title="Users"
        state={state}
        defaultSort={USER_DEFAULT_SORT}
        rows={rows}
        total={total}
        columns={columns}
        rowId={(r) => String(r.id)}
        rowLabel={(r) => personNameOrUsernameOf(r)}
        bulkActions={(selected, clear) => (
          <>
            {[false, true].map((active) => (
              <Button
                key={String(active)}
                type="button"
                variant="secondary"
                className="px-3 py-1"
                onClick={() => setActive(selected, clear, active)}
              >
                {active ? "Reactivate" : "Deactivate"}
              </Button>
            ))}
            <Button type="button" variant="danger" className="px-3 py-1" onClick={() => remove(selected, clear)}>
              Delete
            </Button>
          </>
        )}
        toolbar={(selected) => (
          <>
            <Link href="/user/add" prefetch={false} className={buttonClass("primary", "px-3 py-1")}>
              Add user
            </Link>
            <Link href="/user/import" prefetch={false} className={buttonClass("secondary", "px-3 py-1")}>
              Import users
            </Link>
            <ExportButton
              label={selected.length ? "Export selected (CSV)" : "Export CSV"}
              getLink={exportLink("csv", selected)}
              onDone={() => router.refresh()}
            />
            <ExportButton
              label={selected.length ? "Export selected (XLSX)" : "Export XLSX"}
              getLink={exportLink("xlsx", selected)}
              onDone={() => router.refresh()}
            />
            <Button
              type="button"
              variant="secondary"
              className="px-3 py-1"
              onClick={() => setNotifyIds(selected.map(Number))}
            >
              {selected.length ? "E-mail selected" : "Send e-mail notification"}
            </Button>
            <Link href="/hrdragview" prefetch={false} className="text-sm text-brand-700 hover:underline">
              HR list order
            </Link>
          </>
        )}
      />
      {dialog}
      <NotifyModal
        open={notifyIds !== null}
        ids={notifyIds ?? []}
        filters={state.filters}
        total={total}
        onClose={() => setNotifyIds(null)}
        onSent={() => setNotifyIds(null)}
      />
    </>
  );
}
