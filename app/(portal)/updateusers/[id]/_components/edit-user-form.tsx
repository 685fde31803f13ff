"use client";

import { useState, type ReactNode } from "react";
import { useRouter } from "next/navigation";
import { Controller, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Field, ReadOnlyField, SelectField } from "@/components/ui/input";
import { toast } from "@/components/ui/toast";
import { FormButtons, applyServerErrors } from "@/components/content/form-parts";
import { callAction } from "@/lib/actions/client";
import { addUserAction, updateUserAction } from "@/lib/users/actions";
import { editUserSchema, newUserSchema, type EditUserInput, type NewUserInput } from "@/lib/users/schemas";
import { UnsavedChangesGuard } from "@/components/forms/unsaved-changes-guard";
import { roleChoiceLabel } from "@/lib/auth/roles";

type Option = { value: number; text: string };
type Props = {
  /** The user to edit; null: Add user (the personal data is typed in, not shown). */
  user: {
    id: number;
    firstName: string;
    lastName: string;
    email: string | null;
    empId: string | null;
    roleId: number;
    stateId: number | null;
    locationId: number | null;
    departmentId: number | null;
    phone: string | null;
    permissionIds: number[];
  } | null;
  /** Edit User's account buttons (Send password reset, Deactivate / Reactivate). */
  account?: ReactNode;
  options: Record<"roles" | "states" | "departments" | "permissions", Option[]> & {
    locations: (Option & { departmentId: number })[];
  };
};

const FIELDS = [
  "roleId",
  "stateId",
  "locationId",
  "departmentId",
  "phone",
  "permissionIds",
  "firstName",
  "lastName",
  "email",
  "empId",
] as const;
type FormValues = EditUserInput & Partial<NewUserInput>;
const str = (v: number | null) => (v == null ? "" : String(v));

/**
 * Edit User: the role (required; 0 is never offered), read-only personal data, the editable fields and
 * the permission checklist. Add user (`user` null) is the same form with the personal data typed in.
 */
export function EditUserForm({ user, account, options }: Props) {
  const router = useRouter();
  const [saving, setSaving] = useState(false);
  const adding = user === null;
  const form = useForm<FormValues>({
    resolver: zodResolver((adding ? newUserSchema : editUserSchema) as typeof editUserSchema),
    defaultValues: adding
      ? { id: 0, roleId: "", stateId: "", locationId: "", departmentId: "", phone: "", permissionIds: [] }
      : {
          id: user.id,
          roleId: str(user.roleId),
          stateId: str(user.stateId),
          locationId: str(user.locationId),
          // A record from before locations had departments: its location's department is the only choice.
          departmentId: str(
            options.locations.find((l) => l.value === user.locationId)?.departmentId ?? user.departmentId,
          ),
          phone: user.phone ?? "",
          permissionIds: user.permissionIds,
        },
  });
  const err = (name: (typeof FIELDS)[number]) =>
    (form.formState.errors as Record<string, { message?: unknown } | undefined>)[name]?.message as string | undefined;
  // A location belongs to one department: picking it picks that department, and the list offers only it.
  const location = options.locations.find((l) => String(l.value) === form.watch("locationId"));
  const departments = location
    ? options.departments.filter((d) => d.value === location.departmentId)
    : options.departments;
  const locationField = form.register("locationId", {
    onChange: (e: { target: { value: string } }) => {
      const picked = options.locations.find((l) => String(l.value) === e.target.value);
      if (picked) form.setValue("departmentId", String(picked.departmentId), { shouldDirty: true });
    },
  });

  const submit = form.handleSubmit(async (values) => {
    setSaving(true);
    const res = await callAction(
      adding ? addUserAction(values as unknown as NewUserInput) : updateUserAction(values as EditUserInput),
    );
    setSaving(false);
    if (!res.ok) {
      applyServerErrors(form, res.fieldErrors, FIELDS);
      toast.error(res.message);
      return;
    }
    toast.success(res.message ?? (adding ? "User added." : "User Updated Successfully"));
    router.push("/user/list");
    router.refresh();
  });

  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <UnsavedChangesGuard dirty={form.formState.isDirty} />
      <h1 className="text-2xl font-semibold text-slate-900">{adding ? "Add user" : "Edit User"}</h1>
      {account}
      <form onSubmit={submit} noValidate className="card space-y-5 sm:p-6">
        <SelectField label="Role" required error={err("roleId")} {...form.register("roleId")}>
          <option value="">Select Role</option>
          {options.roles.map((r) => (
            <option key={r.value} value={r.value}>
              {roleChoiceLabel(r.value, r.text)}
            </option>
          ))}
        </SelectField>
        <div className="grid gap-4 sm:grid-cols-2">
          {adding ? (
            <>
              <Field
                label="First Name"
                required
                maxLength={190}
                error={err("firstName")}
                {...form.register("firstName")}
              />
              <Field
                label="Last Name"
                required
                maxLength={190}
                error={err("lastName")}
                {...form.register("lastName")}
              />
              <Field
                label="Email"
                type="email"
                required
                maxLength={190}
                autoComplete="off"
                error={err("email")}
                {...form.register("email")}
              />
              <Field label="Dayforce Id" maxLength={64} error={err("empId")} {...form.register("empId")} />
            </>
          ) : (
            <>
              <ReadOnlyField label="First Name" value={user.firstName} />
              <ReadOnlyField label="Last Name" value={user.lastName} />
              <ReadOnlyField label="Email" value={user.email} />
              <ReadOnlyField label="Dayforce Id" value={user.empId} />
            </>
          )}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label="State" error={err("stateId")} {...form.register("stateId")}>
            <option value="">Select State</option>
            {options.states.map((o) => (
              <option key={o.value} value={o.value}>
                {o.text}
              </option>
            ))}
          </SelectField>
          <SelectField label="Location" error={err("locationId")} {...locationField}>
            <option value="">Select Location</option>
            {options.locations.map((o) => (
              <option key={o.value} value={o.value}>
                {o.text}
              </option>
            ))}
          </SelectField>
          <SelectField label="Department" error={err("departmentId")} {...form.register("departmentId")}>
            <option value="">Select Department</option>
            {departments.map((o) => (
              <option key={o.value} value={o.value}>
                {o.text}
              </option>
            ))}
          </SelectField>
          <Field
            label="Phone"
            type="tel"
            inputMode="tel"
            maxLength={32}
            autoComplete="off"
            error={err("phone")}
            {...form.register("phone")}
          />
        </div>
        <Controller
          control={form.control}
          name="permissionIds"
          render={({ field }) => {
            const checked = new Set(((field.value as unknown[]) ?? []).map(Number));
            return (
              <fieldset aria-describedby={err("permissionIds") ? "permissions-error" : undefined}>
                <legend className="mb-2 text-sm font-medium text-slate-700">Permissions</legend>
                <div className="grid gap-2 sm:grid-cols-2">
                  {options.permissions.map((p) => (
                    <label
                      key={p.value}
                      className="flex items-center gap-2 rounded-md border border-slate-200 px-3 py-2 text-sm text-slate-800"
                    >
                      <input
                        type="checkbox"
                        className="h-4 w-4 accent-brand-600"
                        checked={checked.has(p.value)}
                        onChange={(e) => {
                          const next = new Set(checked);
                          if (e.target.checked) next.add(p.value);
                          else next.delete(p.value);
                          field.onChange([...next]);
                        }}
                      />
                      {p.text}
                    </label>
                  ))}
                </div>
                {err("permissionIds") && (
                  <p id="permissions-error" className="mt-1 text-sm text-red-600">
                    {err("permissionIds")}
                  </p>
                )}
              </fieldset>
            );
          }}
        />
        <FormButtons
          cancelHref="/user/list"
          editing
          saveLabel={adding ? "Add user" : undefined}
          busy={saving}
          saving={saving ? "save" : null}
          onSaveAndContinue={() => {}}
        />
      </form>
    </div>
  );
}
