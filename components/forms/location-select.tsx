"use client";

import { forwardRef, useId } from "react";
import { FieldLabel } from "@/components/ui/input";

export type LocationOption = { id: number; name: string; managerEmail: string | null };

type Props = Omit<React.SelectHTMLAttributes<HTMLSelectElement>, "children"> & {
  label?: string;
  /** Department 5's locations, read on the server (lib/forms/locations.ts listFormLocations). */
  locations: LocationOption[];
  error?: string;
};

/**
 * The location picker of the staff forms (a native select, so it works with react-hook-form's
 * `register` and on phones). With `multiple` it is the form email manager's multi-location select.
 * `required` marks and announces it (every staff form requires the location).
 */
export const LocationSelect = forwardRef<HTMLSelectElement, Props>(function LocationSelect(
  { label = "Location", locations, error, id, multiple, required, className = "", ...rest },
  ref,
) {
  const auto = useId();
  const selectId = id ?? auto;
  return (
    <div className={className}>
      <FieldLabel htmlFor={selectId} label={label} required={required} />
      <select
        ref={ref}
        id={selectId}
        multiple={multiple}
        size={multiple ? Math.min(8, Math.max(4, locations.length)) : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${selectId}-error` : undefined}
        aria-required={required || undefined}
        className={`block w-full rounded-md border bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:ring-1 focus:ring-brand-500 focus:outline-none ${error ? "border-red-500" : "border-slate-300"}`}
        {...rest}
      >
        {!multiple && <option value="">Select Location</option>}
        {locations.map((l) => (
          <option key={l.id} value={l.id}>
            {l.name}
          </option>
        ))}
      </select>
      {error && (
        <p id={`${selectId}-error`} className="mt-1 text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
});
