"use client";

import { forwardRef, useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Button } from "@/components/ui/button";
import { Field, FieldFrame, type ControlProps } from "@/components/ui/input";
import { Dropzone, type UploadedFile } from "@/components/dropzone/dropzone";
import { saveEventAction } from "@/lib/calendar/actions";
import { CONTACT_EMAIL_MAX, RECURRENCE_LABELS, RECURRENCES, TITLE_MAX, WEEKDAYS } from "@/lib/calendar/constants";
import { eventFormSchema, type EventFormInput, type EventFormValues } from "@/lib/calendar/schemas";
import type { ApiEventDetail, CalendarKey } from "@/lib/calendar/types";
import { browserTimeZone } from "@/lib/dates/zone";
import { callAction } from "@/lib/actions/client";

const SUCCESS_RESET_MS = 3000;
const FAILURE_RETURN_MS = 5000;

/** Selects and text areas grey out while the form is busy (its fieldset is disabled). */
const CONTROL_CLASS = "disabled:bg-slate-100 ";

type SelectProps = React.SelectHTMLAttributes<HTMLSelectElement> & { label: string; error?: string };
const SelectField = forwardRef<HTMLSelectElement, SelectProps>(function SelectField(
  { label, error, children, className = "", ...rest },
  ref,
) {
  const control = (props: ControlProps) => (
    <select ref={ref} {...props} {...rest}>
      {children}
    </select>
  );
  return (
    <FieldFrame label={label} error={error} className={className} controlClass={CONTROL_CLASS} control={control} />
  );
});

type AreaProps = React.TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; error?: string };
const TextAreaField = forwardRef<HTMLTextAreaElement, AreaProps>(function TextAreaField(
  { label, error, className = "", ...rest },
  ref,
) {
  const control = (props: ControlProps) => <textarea ref={ref} rows={3} {...props} {...rest} />;
  return (
    <FieldFrame label={label} error={error} className={className} controlClass={CONTROL_CLASS} control={control} />
  );
});

function defaults(initial: Partial<EventFormInput> = {}): EventFormInput {
  return {
    title: "",
    calendarKeyId: "",
    keyDescription: "",
    description: "",
    status: "active",
    type: "normal",
    recurrence: "monthly",
    daysOfWeek: ["1"],
    interval: 1,
    startsAt: "",
    endsAt: "",
    endTime: "",
    repeatUntil: "",
    timeZone: browserTimeZone(),
    contactPerson: "",
    contactEmail: "",
    contactNumber: "",
    attachments: [],
    ...initial,
  };
}

/**
 * View 2: 'Add Calendar Event' (or edit). One zod schema with the server; errors clear as the user
 * types (re-validated on change after the first submit). After an add the form resets after 3 s; a
 * failed save lists the server's messages and returns to the calendar after 5 s.
 */
export function EventForm({
  initial,
  editing,
  keys,
  userName,
  onCancel,
  onUpdated,
  onFailed,
}: {
  initial: Partial<EventFormInput>;
  editing: ApiEventDetail | null;
  keys: CalendarKey[];
  userName: string;
  onCancel: () => void;
  onUpdated: (message: string) => void;
  onFailed: () => void;
}) {
  const form = useForm<EventFormInput, unknown, EventFormValues>({
    resolver: zodResolver(eventFormSchema),
    defaultValues: defaults(initial),
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
  const { register, watch, setValue, formState, handleSubmit, reset, setError, setFocus } = form;
  const errors = formState.errors;
  const [saving, setSaving] = useState(false);
  const [success, setSuccess] = useState<string | null>(null);
  const [failure, setFailure] = useState<{ messages: string[]; seconds: number } | null>(null);
  const [uploading, setUploading] = useState(false);
  // A new key re-mounts the dropzone empty when the form resets after an add.
  const [dropzoneKey, setDropzoneKey] = useState(0);
  const savedFiles: UploadedFile[] = (editing?.attachments ?? []).map((a) => ({
    path: a.document_path,
    name: a.document_name,
    size: a.size,
    type: a.file_type,
    url: a.thumb_url ?? a.url,
  }));
  const timers = useRef<number[]>([]);
  useEffect(() => () => timers.current.forEach((t) => window.clearTimeout(t)), []);

  const type = watch("type");
  const recurrence = watch("recurrence");
  const startsAt = watch("startsAt") as string;
  const endsAt = watch("endsAt") as string;
  const recursive = type === "recursive";
  const weekly = recursive && recurrence === "weekly";
  const busy = saving || !!success || uploading;

  // Keys to offer: the active ones, plus an inactive key the edited event already has.
  const keyOptions: Pick<CalendarKey, "id" | "name">[] =
    editing && !keys.some((k) => k.id === editing.meeting_id)
      ? [...keys, { id: editing.meeting_id, name: `${editing.mm_title} (inactive)` }]
      : keys;

  // Switching the type carries the end over: a normal event's end time becomes the series' end time
  // of day, and back. Switching back to normal resets the subtype to monthly and the weekday to Monday.
  const typeField = register("type", {
    onChange: (e: React.ChangeEvent<HTMLSelectElement>) => {
      const values = form.getValues();
      if (e.target.value === "normal") {
        setValue("recurrence", "monthly");
        setValue("daysOfWeek", ["1"]);
        setValue("interval", 1);
        if (!values.endsAt && values.endTime && values.startsAt)
          setValue("endsAt", `${String(values.startsAt).slice(0, 10)}T${values.endTime}`);
      } else if (!values.endTime && values.endsAt) {
        setValue("endTime", String(values.endsAt).slice(11, 16));
      }
    },
  });

  const stay = () => {
    timers.current.forEach((t) => window.clearTimeout(t));
    timers.current = [];
    setFailure(null);
  };

  const onSubmit = handleSubmit(async (values) => {
    setSaving(true);
    setFailure(null);
    const res = await callAction(
      // Only the fields of the chosen type travel; the zone is the event's own (the browser's for a new one).
      saveEventAction({
        ...values,
        endsAt: recursive ? "" : values.endsAt,
        endTime: recursive ? values.endTime : "",
        repeatUntil: recursive ? values.repeatUntil : "",
      }),
    );
    setSaving(false);
    if (res.ok) {
      const message = res.message ?? (editing ? "Event Updated Successfully" : "Event Added Successfully");
      if (editing) {
        onUpdated(message);
        return;
      }
      setSuccess(message);
      timers.current.push(
        window.setTimeout(() => {
          reset(defaults());
          setDropzoneKey((k) => k + 1);
          setSuccess(null);
          setFocus("title");
        }, SUCCESS_RESET_MS),
      );
      return;
    }
    for (const [field, messages] of Object.entries(res.fieldErrors ?? {})) {
      if (field in values) setError(field as keyof EventFormInput, { type: "server", message: messages[0] });
    }
    const messages = [...new Set(res.fieldErrors ? Object.values(res.fieldErrors).flat() : [res.message])];
    let seconds = FAILURE_RETURN_MS / 1000;
    setFailure({ messages, seconds });
    const tick = () => {
      seconds -= 1;
      if (seconds <= 0) {
        setFailure(null);
        onFailed();
        return;
      }
      setFailure({ messages, seconds });
      timers.current.push(window.setTimeout(tick, 1000));
    };
    timers.current.push(window.setTimeout(tick, 1000));
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="mt-4 rounded-lg bg-white p-4 shadow-sm sm:p-6"
      aria-labelledby="event-form-title"
    >
      <h2 id="event-form-title" className="text-xl font-semibold text-slate-900">
        {editing ? "Edit Calendar Event" : "Add Calendar Event"}
      </h2>

      {success && (
        <p
          role="status"
          className="mt-4 rounded-md border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-800"
        >
          {success}
        </p>
      )}
      {failure && (
        <div role="alert" className="mt-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-700">
          <p>
            {failure.messages.map((m, i) => (
              <span key={m}>
                {i > 0 && <br />}
                {m}
              </span>
            ))}
          </p>
          <p className="mt-2 flex flex-wrap items-center gap-3 text-red-800">
            Returning to the calendar in {failure.seconds} second{failure.seconds === 1 ? "" : "s"}.
            <Button type="button" variant="secondary" onClick={stay}>
              Stay on this form
            </Button>
          </p>
        </div>
      )}

      <fieldset disabled={busy} className="mt-4 grid gap-4 md:grid-cols-2">
        <Field
          label="Title"
          className="md:col-span-2"
          maxLength={TITLE_MAX}
          error={errors.title?.message}
          {...register("title")}
        />
        <SelectField label="Calendar Key" error={errors.calendarKeyId?.message} {...register("calendarKeyId")}>
          <option value="">Select Calendar Key</option>
          {keyOptions.map((k) => (
            <option key={k.id} value={k.id}>
              {k.name}
            </option>
          ))}
        </SelectField>
        <SelectField label="Status" error={errors.status?.message} {...register("status")}>
          <option value="active">Active</option>
          <option value="inactive">Inactive</option>
        </SelectField>
        <TextAreaField label="Key Description" error={errors.keyDescription?.message} {...register("keyDescription")} />
        <TextAreaField label="Description" error={errors.description?.message} {...register("description")} />
        <SelectField label="Event Type" error={errors.type?.message} {...typeField}>
          <option value="normal">Normal</option>
          <option value="recursive">Recurring</option>
        </SelectField>
        {recursive ? (
          <SelectField label="Recurring Type" error={errors.recurrence?.message} {...register("recurrence")}>
            {RECURRENCES.map((r) => (
              <option key={r} value={r}>
                {RECURRENCE_LABELS[r]}
              </option>
            ))}
          </SelectField>
        ) : (
          <div className="hidden md:block" />
        )}
        {weekly && (
          <>
            <fieldset className="min-w-0" aria-describedby={errors.daysOfWeek ? "event-days-error" : undefined}>
              <legend className="mb-1 block text-sm font-medium text-slate-700">Days Of Week</legend>
              <div className="flex flex-wrap gap-x-3 gap-y-2">
                {WEEKDAYS.map((d, i) => (
                  <label key={d} className="inline-flex items-center gap-1.5 text-sm text-slate-800">
                    <input
                      type="checkbox"
                      value={String(i + 1)}
                      className="h-4 w-4 rounded border-slate-300"
                      {...register("daysOfWeek")}
                    />
                    <abbr title={d} className="no-underline">
                      {d.slice(0, 3)}
                    </abbr>
                  </label>
                ))}
              </div>
              {errors.daysOfWeek && (
                <p id="event-days-error" className="mt-1 text-sm text-red-600">
                  {errors.daysOfWeek.message ?? errors.daysOfWeek.root?.message}
                </p>
              )}
            </fieldset>
            <Field
              label="Repeat Every (weeks)"
              type="number"
              inputMode="numeric"
              min={1}
              max={52}
              step={1}
              error={errors.interval?.message}
              {...register("interval")}
            />
          </>
        )}
        <Field
          label="Start DateTime"
          type="datetime-local"
          max={recursive ? undefined : endsAt || undefined}
          error={errors.startsAt?.message}
          {...register("startsAt")}
        />
        {recursive ? (
          <>
            <Field label="End Time" type="time" error={errors.endTime?.message} {...register("endTime")} />
            <Field
              label="Last Date (optional)"
              type="date"
              min={startsAt ? startsAt.slice(0, 10) : undefined}
              error={errors.repeatUntil?.message}
              {...register("repeatUntil")}
            />
            <div className="hidden md:block" />
          </>
        ) : (
          <Field
            label="End DateTime"
            type="datetime-local"
            min={startsAt || undefined}
            error={errors.endsAt?.message}
            {...register("endsAt")}
          />
        )}
        <Field
          label="Contact Person"
          maxLength={190}
          autoComplete="off"
          error={errors.contactPerson?.message}
          {...register("contactPerson")}
        />
        <Field
          label="Contact Email"
          type="email"
          maxLength={CONTACT_EMAIL_MAX}
          autoComplete="off"
          error={errors.contactEmail?.message}
          {...register("contactEmail")}
        />
        <Field
          label="Contact Number"
          type="tel"
          maxLength={32}
          autoComplete="off"
          error={errors.contactNumber?.message}
          {...register("contactNumber")}
        />
      </fieldset>
      <Dropzone
        key={dropzoneKey}
        kind="event"
        label="Attachments"
        className="mt-4"
        initialFiles={savedFiles}
        disabled={saving || !!success}
        onChange={(files) =>
          setValue(
            "attachments",
            files.map((file) => file.path),
            { shouldValidate: formState.isSubmitted },
          )
        }
        onBusyChange={setUploading}
        error={errors.attachments?.message}
      />

      <div className="mt-6 flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-4">
        <p className="text-sm text-slate-600">
          Created By:{" "}
          <span className="font-medium text-slate-800">{editing ? (editing.created_by ?? "—") : userName}</span>
          {editing?.updated_by && (
            <>
              {" · "}Updated By: <span className="font-medium text-slate-800">{editing.updated_by}</span>
            </>
          )}
        </p>
        <div className="flex gap-2">
          <Button type="button" variant="secondary" onClick={onCancel} disabled={saving || uploading}>
            Cancel
          </Button>
          <Button type="submit" loading={saving} disabled={busy}>
            {editing ? "Update" : "Save"}
          </Button>
        </div>
      </div>
    </form>
  );
}
