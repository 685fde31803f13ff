"use client";

import { useId, useState } from "react";
import { RequiredMark } from "@/components/ui/input";

export type IdOption = { value: number; text: string };

/**
 * A group of checkboxes for ids (an audience's locations and roles, a mapping's locations and approvers):
 * none ticked is an empty list. `searchable`: a search box above the list narrows it by the options' text,
 * the ticked ones always stay listed, and a line counts what is ticked (for lists longer than a phone's screen).
 * `required` marks and announces the group; the form's schema says what is missing.
 */
export function IdChecklist({
  legend,
  options,
  value,
  onChange,
  error,
  hint,
  required,
  searchable,
}: {
  legend: string;
  options: IdOption[];
  value: number[];
  onChange: (v: number[]) => void;
  error?: string;
  hint?: string;
  required?: boolean;
  searchable?: boolean;
}) {
  const id = useId();
  const [query, setQuery] = useState("");
  const needle = query.trim().toLowerCase();
  const shown = needle
    ? options.filter((o) => value.includes(o.value) || o.text.toLowerCase().includes(needle))
    : options;
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ") || undefined;
  return (
    <fieldset aria-describedby={described} aria-invalid={error ? true : undefined}>
      <legend className="mb-1 flex items-baseline text-sm font-medium text-slate-700">
        {legend}
        {required && <RequiredMark />}
      </legend>
      {searchable && (
        <div className="mb-1 flex flex-wrap items-center gap-2">
          <input
            type="search"
            aria-label={`Search ${legend}`}
            aria-controls={`${id}-list`}
            placeholder="Type to narrow the list"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            // Enter narrows; it must not submit the form around the picker.
            onKeyDown={(e) => e.key === "Enter" && e.preventDefault()}
            className="min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm shadow-sm focus:border-brand-500 focus:ring-1 focus:ring-brand-500 focus:outline-none"
          />
          <span className="text-xs text-slate-600" aria-live="polite">
            {value.length} selected
          </span>
        </div>
      )}
      <div
        id={`${id}-list`}
        className={`max-h-48 space-y-1 overflow-y-auto rounded-md border p-2 ${error ? "border-red-500" : "border-slate-300"}`}
      >
        {shown.map((o) => (
          <label key={o.value} className="flex items-start gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              className="mt-0.5 h-4 w-4 shrink-0"
              checked={value.includes(o.value)}
              onChange={(e) => onChange(e.target.checked ? [...value, o.value] : value.filter((v) => v !== o.value))}
            />
            {o.text}
          </label>
        ))}
        {!shown.length && <p className="text-sm text-slate-600">Nothing matches &lsquo;{query.trim()}&rsquo;.</p>}
      </div>
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
    </fieldset>
  );
}
