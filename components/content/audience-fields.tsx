"use client";

import { useId } from "react";
import { Controller, type Control, type FieldErrors } from "react-hook-form";
import { useHydrated } from "@/components/ui/use-hydrated";
import { browserTimeZone } from "@/lib/dates/zone";
import { IdChecklist } from "@/components/forms/id-checklist";
import { roleChoiceLabel } from "@/lib/auth/roles";

export type AudienceOption = { value: number; text: string };
export type AudienceOptions = { locations: AudienceOption[]; roles: AudienceOption[] };

/** What the audience and schedule fields read and write in a post's or attachment's form values. */
type ScheduleValues = {
  audience?: { locations: number[]; roles: number[] };
  publishAt?: string | null;
  expiresAt?: string | null;
  mustRead?: boolean;
  dueAt?: string | null;
  reacknowledge?: boolean;
};

/** `2026-05-01T14:30` in the browser's zone for an ISO moment ('' for none): what datetime-local shows. */
function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return "";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  const p = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** The ISO moment (with its offset, UTC) of a datetime-local value read in the browser's zone, or null. */
function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** A date-time field in the viewer's local time (the zone is named under the fields). */
function LocalDateTime({
  label,
  value,
  onChange,
  error,
  hint,
}: {
  label: string;
  value: string | null | undefined;
  onChange: (v: string | null) => void;
  error?: string;
  hint?: string;
}) {
  const id = useId();
  const hydrated = useHydrated();
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        type="datetime-local"
        value={hydrated ? toLocalInput(value) : ""}
        onChange={(e) => onChange(fromLocalInput(e.target.value))}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`block w-full rounded-md border px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:ring-1 focus:ring-brand-500 focus:outline-none ${error ? "border-red-500" : "border-slate-300"}`}
      />
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

/** One of the schedule's moments (publish, expiry, due date) as a LocalDateTime, with its error. */
function ScheduleDateTime({
  control,
  name,
  label,
  error,
  hint,
}: {
  control: Control<ScheduleValues>;
  name: "publishAt" | "expiresAt" | "dueAt";
  label: string;
  error: FieldErrors<ScheduleValues>;
  hint: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <LocalDateTime
          label={label}
          value={field.value}
          onChange={field.onChange}
          error={error[name]?.message}
          hint={hint}
        />
      )}
    />
  );
}

/** A yes/no of the schedule (must read, needs acknowledging again); `strong` sets its words in medium weight. */
function ScheduleCheckbox({
  control,
  name,
  strong,
  children,
}: {
  control: Control<ScheduleValues>;
  name: "mustRead" | "reacknowledge";
  strong?: boolean;
  children: React.ReactNode;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <label className={`flex items-center gap-2 text-sm ${strong ? "font-medium" : ""}text-slate-800`}>
          <input
            type="checkbox"
            className="h-4 w-4"
            checked={!!field.value}
            onChange={(ev) => field.onChange(ev.target.checked)}
          />
          {children}
        </label>
      )}
    />
  );
}

/**
 * Audience (locations, roles: none ticked is everyone who can open the page), Publish at and Expires
 * at in the viewer's local time with the zone named; with `mustRead`, Must read, its due date and,
 * when editing a must-read, 'Needs acknowledging again'.
 */
export function AudienceFields<T extends ScheduleValues>({
  control,
  errors,
  options,
  mustRead,
  wasMustRead,
}: {
  control: Control<T>;
  errors: FieldErrors<T>;
  options: AudienceOptions;
  mustRead?: boolean;
  wasMustRead?: boolean;
}) {
  const hydrated = useHydrated();
  const zone = hydrated ? browserTimeZone() : null;
  const hint = zone ? `Your local time (${zone}).` : "Your local time.";
  // react-hook-form's generic paths cannot be named on an open T; these fields exist on every form that renders this.
  const c = control as unknown as Control<ScheduleValues>;
  const e = errors as unknown as FieldErrors<ScheduleValues>;
  const audienceError = (which: "locations" | "roles") => {
    const a = e.audience as unknown as Record<string, { message?: string } | undefined> & { message?: string };
    return a?.[which]?.message ?? (which === "locations" ? a?.message : undefined);
  };
  return (
    <section aria-labelledby="audience-title" className="space-y-4 rounded-md border border-slate-200 p-4">
      <h2 id="audience-title" className="text-base font-semibold text-slate-900">
        Audience and schedule
      </h2>
      <p className="text-sm text-slate-600">Leave both lists empty for everyone who can open this page.</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <Controller
          control={c}
          name="audience"
          render={({ field }) => (
            <>
              <IdChecklist
                legend="Locations"
                searchable
                options={options.locations}
                value={field.value?.locations ?? []}
                onChange={(locations) => field.onChange({ locations, roles: field.value?.roles ?? [] })}
                error={audienceError("locations")}
              />
              <IdChecklist
                legend="Roles"
                options={options.roles.map((r) => ({ value: r.value, text: roleChoiceLabel(r.value, r.text) }))}
                value={field.value?.roles ?? []}
                onChange={(roles) => field.onChange({ locations: field.value?.locations ?? [], roles })}
                error={audienceError("roles")}
              />
            </>
          )}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <ScheduleDateTime control={c} name="publishAt" label="Publish at" error={e} hint={`${hint} Empty: at once.`} />
        <ScheduleDateTime control={c} name="expiresAt" label="Expires at" error={e} hint={`${hint} Empty: never.`} />
      </div>
      {mustRead && (
        <div className="space-y-3 border-t border-slate-200 pt-4">
          <ScheduleCheckbox control={c} name="mustRead" strong>
            Must read (everyone in the audience is asked to acknowledge it)
          </ScheduleCheckbox>
          <ScheduleDateTime control={c} name="dueAt" label="Due date (optional)" error={e} hint={hint} />
          {wasMustRead && (
            <ScheduleCheckbox control={c} name="reacknowledge">
              Needs acknowledging again (earlier acknowledgements stop counting; they stay in the history)
            </ScheduleCheckbox>
          )}
        </div>
      )}
    </section>
  );
}
