"use client";

import { useId, useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { FieldLabel } from "@/components/ui/input";
import { toast } from "@/components/ui/toast";
import { assignRequestAction } from "@/lib/requests/actions";
import type { ApiForm } from "@/lib/requests/transitions";

/**
 * An administrator assigns an approver to a submission no mapping routed (they may then decide it). It
 * says whom the request is assigned to now, by name, even when that person is no longer an approver.
 */
export function AssignForm({
  form,
  id,
  approvers,
  assignedTo,
  assignedToName,
}: {
  form: ApiForm;
  id: number;
  approvers: { id: number; name: string }[];
  assignedTo: number | null;
  assignedToName: string | null;
}) {
  const router = useRouter();
  const selectId = useId();
  const statusId = useId();
  const listed = assignedTo == null || approvers.some((a) => a.id === assignedTo);
  const [value, setValue] = useState(assignedTo ? String(assignedTo) : "");
  const [pending, start] = useTransition();
  const assign = () =>
    start(async () => {
      const res = await assignRequestAction({ form, id, assignee_id: value });
      if (!res.ok) {
        toast.error(res.fieldErrors?.assignee_id?.[0] ?? res.message);
        return;
      }
      toast.success(res.message ?? "Assigned.");
      router.refresh();
    });
  return (
    <div className="space-y-2">
      <p id={statusId} className="text-sm text-slate-800">
        {assignedTo == null ? (
          "Not assigned to anyone yet."
        ) : (
          <>
            Assigned to <strong className="font-semibold">{assignedToName ?? "a removed user"}</strong>.
          </>
        )}
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <div>
          <FieldLabel
            htmlFor={selectId}
            label={assignedTo == null ? "Assign an approver" : "Assign another approver"}
          />
          <select
            id={selectId}
            aria-describedby={statusId}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
          >
            <option value="">Select an approver</option>
            {!listed && (
              <option value={assignedTo!} disabled>
                {assignedToName ?? "a removed user"} (no longer an approver)
              </option>
            )}
            {approvers.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </select>
        </div>
        <Button type="button" variant="secondary" loading={pending} onClick={assign}>
          Assign
        </Button>
      </div>
    </div>
  );
}
