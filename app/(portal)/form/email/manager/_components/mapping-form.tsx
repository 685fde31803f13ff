"use client";

import { useEffect, useId, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { portalFetch } from "@/lib/auth/session-ended";
import type { LocationOption } from "@/components/forms/location-select";
import { IdChecklist } from "@/components/forms/id-checklist";
import { EmailTagsInput } from "@/components/forms/email-tags-input";
import { FieldLabel } from "@/components/ui/input";
import { StaffFormShell } from "@/components/forms/staff-form-shell";
import { FORM_PICKER } from "@/lib/forms/form-keys";
import { MAPPING_STATUSES } from "@/lib/forms/column-values";
import { saveMappingAction } from "@/lib/forms/email-manager/actions";
import { MAPPING_FIELDS, blankMapping, mappingSchema, type MappingInput } from "@/lib/forms/email-manager/schemas";
import { roleCan } from "@/lib/auth/roles";

/**
 * The form email manager's form: Form, Location (several), To and CC tags. Choosing the form or the
 * locations asks the server whether that form is already mapped there (formemailmanager/check): if so
 * Save stays disabled and the server's message shows.
 */
export function MappingForm({
  initial,
  locations,
  approvers,
  roleId,
}: {
  initial: MappingInput;
  locations: LocationOption[];
  /** Who can be picked as an approver (the roles that decide requests, from the user list), with their role's name. */
  approvers: { id: number; name: string; roleName: string }[];
  roleId: number;
}) {
  const editing = !!initial.id;
  const formSelectId = useId();
  const statusId = useId();
  const form = useForm<MappingInput>({
    resolver: zodResolver(mappingSchema, undefined, { raw: true }),
    defaultValues: initial,
  });
  const { errors } = form.formState;
  const formId = form.watch("formId");
  const locationIds = form.watch("locationIds");
  const [duplicate, setDuplicate] = useState<string | null>(null);
  const key = `${String(formId)}|${(Array.isArray(locationIds) ? locationIds : []).join(",")}`;

  useEffect(() => {
    const ids = Array.isArray(locationIds) ? locationIds.map(String).filter(Boolean) : [];
    if (!formId || !ids.length) {
      setDuplicate(null);
      return;
    }
    const abort = new AbortController();
    const q = new URLSearchParams({
      form_key_id: String(formId),
      location: ids.join(","),
      edit_id: String(initial.id ?? ""),
    });
    checkDuplicate(q, abort.signal)
      .then(setDuplicate)
      .catch(() => setDuplicate(null));
    return () => abort.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for formId and locationIds
  }, [key, initial.id]);

  const msg = (name: keyof MappingInput) => errors[name]?.message as string | undefined;
  return (
    <StaffFormShell
      form={form}
      screen="form_email_manager"
      roleId={roleId}
      title="Form Email Manager"
      editing={editing}
      listHref={`/form/email/manager/list?f_form=${String(formId || 1)}`}
      save={(values) => saveMappingAction(values)}
      fields={MAPPING_FIELDS}
      blank={() => blankMapping(Number(formId) || 1)}
      saveDisabled={!!duplicate}
      notice={
        duplicate && (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            {duplicate}
          </p>
        )
      }
    >
      <div>
        <FieldLabel htmlFor={formSelectId} label="Form" required />
        <select
          id={formSelectId}
          className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm"
          aria-invalid={msg("formId") ? true : undefined}
          aria-required="true"
          {...form.register("formId")}
        >
          <option value="">Select Form</option>
          {FORM_PICKER.map((f) => (
            <option key={f.value} value={f.value}>
              {f.text}
            </option>
          ))}
        </select>
        {msg("formId") && <p className="mt-1 text-sm text-red-600">{msg("formId")}</p>}
      </div>
      <Controller
        control={form.control}
        name="locationIds"
        render={({ field }) => (
          <IdChecklist
            legend="Location"
            required
            searchable
            options={locations.map((l) => ({ value: l.id, text: l.name }))}
            value={idsOf(field.value)}
            onChange={field.onChange}
            error={msg("locationIds")}
          />
        )}
      />
      <Controller
        control={form.control}
        name="to"
        render={({ field }) => (
          <EmailTagsInput
            label="To Email"
            required
            value={(field.value as string[]) ?? []}
            onChange={field.onChange}
            error={msg("to")}
          />
        )}
      />
      <Controller
        control={form.control}
        name="cc"
        render={({ field }) => (
          <EmailTagsInput
            label="CC Email"
            value={(field.value as string[]) ?? []}
            onChange={field.onChange}
            error={msg("cc")}
          />
        )}
      />
      <Controller
        control={form.control}
        name="approverIds"
        render={({ field }) => (
          <IdChecklist
            legend="Approvers"
            searchable
            options={approvers.map((a) => ({ value: a.id, text: `${a.name} (${a.roleName})` }))}
            value={idsOf(field.value)}
            onChange={field.onChange}
            hint="Who approves or denies this form's requests at these locations. Administrators can decide every request."
            error={msg("approverIds")}
          />
        )}
      />
      {roleCan(roleId, "manageClosedMappings") && (
        <div>
          <label htmlFor={statusId} className="mb-1 block text-sm font-medium text-slate-700">
            Status
          </label>
          <select
            id={statusId}
            className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm"
            {...form.register("status")}
          >
            {MAPPING_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
      )}
    </StaffFormShell>
  );
}

/** The ids a checklist holds: the form's values may come as the calls' strings. */
const idsOf = (v: unknown): number[] => (Array.isArray(v) ? v.map(Number).filter(Number.isInteger) : []);

/** The duplicate check: its message when the mapping exists ('success', as the old client read it), else null. */
async function checkDuplicate(q: URLSearchParams, signal: AbortSignal): Promise<string | null> {
  const res = await portalFetch(`/api/v1/formemailmanager/check?${q}`, {
    signal,
    headers: { accept: "application/json" },
  });
  const body = (await res.json().catch(() => null)) as { status?: string; message?: string } | null;
  return res.ok && body?.status === "success"
    ? (body.message ?? "This form is already mapped for that location.")
    : null;
}
