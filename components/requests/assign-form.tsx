"use client";

import { useId, useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { FieldLabel } from "@/components/ui/input";
import { toast } from "@/components/ui/toast";
import { assignRequestAction } from "@/lib/requests/actions";
import type { ApiForm } from "@/lib/requests/transitions";

/** An administrator assigns an approver to a submission no mapping routed (they may then decide it). */
export function AssignForm({
  form,
  id,
  approvers,
  assignedTo,
}: {
  form: ApiForm;
  id: number;
  approvers: { id: number; name: string }[];
  assignedTo: number | null;
}) {
  const router = useRouter();
  const selectId = useId();
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
    <div className="flex flex-wrap items-end gap-2">
      <div>
        <FieldLabel htmlFor={selectId} label="Assign an approver" />
        <select
          id={selectId}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
        >
          <option value="">Select an approver</option>
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
  );
}
