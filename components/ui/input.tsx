import { forwardRef, useId } from "react";

/** What FieldFrame hands its control: the id, the ARIA wiring to the error and the classes. */
export type ControlProps = {
  id: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
  "aria-required"?: true;
  className: string;
};

/** The visible mark of a required field; screen readers hear `aria-required` on the control instead. */
export function RequiredMark() {
  return (
    <span aria-hidden="true" className="ml-0.5 text-red-600">
      *
    </span>
  );
}

/**
 * A control's label, with the required mark when `required`. The mark sits beside the <label>, not in
 * it, so the field's name stays its label's words ('Employee Name', not 'Employee Name *').
 */
export function FieldLabel({
  htmlFor,
  label,
  required,
  compact,
}: {
  htmlFor: string;
  label: string;
  required?: boolean;
  compact?: boolean;
}) {
  const text = `font-medium text-slate-700 ${compact ? "text-xs" : "text-sm"}`;
  if (!required) {
    return (
      <label htmlFor={htmlFor} className={`block ${compact ? "mb-0.5" : "mb-1"} ${text}`}>
        {label}
      </label>
    );
  }
  return (
    <div className={`flex items-baseline ${compact ? "mb-0.5" : "mb-1"}`}>
      <label htmlFor={htmlFor} className={text}>
        {label}
      </label>
      <RequiredMark />
    </div>
  );
}

/** The line a form with required fields shows once, above its fields. */
export function RequiredNote() {
  return (
    <p className="text-sm text-slate-600">
      Fields marked <span className="text-red-600">*</span> are required.
    </p>
  );
}

/**
 * The frame every labelled control shares: the label (with the required mark), the control (given
 * its id, its ARIA wiring to the error, `aria-required` and its classes by `control`), and the error
 * message for screen readers. `required` marks and announces the field; it does not switch on the
 * browser's own validation (the forms validate with their zod schema and show its messages).
 * `compact`: a smaller label and control, for the many repeated cells of a row (tech time's rows).
 */
export function FieldFrame({
  label,
  error,
  id,
  required,
  compact,
  className,
  controlClass = "",
  control,
}: {
  label: string;
  error?: string;
  id?: string;
  required?: boolean;
  compact?: boolean;
  className: string;
  controlClass?: string;
  control: (props: ControlProps) => React.ReactNode;
}) {
  const auto = useId();
  const inputId = id ?? auto;
  const errorId = `${inputId}-error`;
  return (
    <div className={className}>
      <FieldLabel htmlFor={inputId} label={label} required={required} compact={compact} />
      {control({
        id: inputId,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": error ? errorId : undefined,
        "aria-required": required ? true : undefined,
        className: `block w-full rounded-md border ${controlClass}${compact ? "px-2 py-1.5" : "px-3 py-2"} text-sm shadow-sm focus:border-brand-500 focus:ring-1 focus:ring-brand-500 focus:outline-none ${error ? "border-red-500" : "border-slate-300"}`,
      })}
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

export type FieldProps = React.InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  error?: string;
  compact?: boolean;
};

/** A labelled input with its error message wired for screen readers; `required` marks and announces it. */
export const Field = forwardRef<HTMLInputElement, FieldProps>(function Field(
  { label, error, id, required, compact, className = "", ...rest },
  ref,
) {
  return (
    <FieldFrame
      label={label}
      error={error}
      id={id}
      required={required}
      compact={compact}
      className={className}
      control={(props) => <input ref={ref} {...props} {...rest} />}
    />
  );
});

export type TextAreaFieldProps = React.TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; error?: string };

/** A labelled textarea (the same frame as Field). */
export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField(
  { label, error, id, required, className = "", ...rest },
  ref,
) {
  return (
    <FieldFrame
      label={label}
      error={error}
      id={id}
      required={required}
      className={className}
      control={(props) => <textarea ref={ref} {...props} {...rest} />}
    />
  );
});

export type SelectFieldProps = React.SelectHTMLAttributes<HTMLSelectElement> & { label: string; error?: string };

/** A labelled select with its error message wired for screen readers (the same frame as Field). */
export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { label, error, id, required, className = "", children, ...rest },
  ref,
) {
  return (
    <FieldFrame
      label={label}
      error={error}
      id={id}
      required={required}
      className={className}
      controlClass="bg-white "
      control={(props) => (
        <select ref={ref} {...props} {...rest}>
          {children}
        </select>
      )}
    />
  );
});

/** A read-only value shown with its label (personal data kept by HR). */
export function ReadOnlyField({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div>
      <p className="mb-1 text-sm font-medium text-slate-700">{label}</p>
      <p className="min-h-[2.375rem] rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm break-words text-slate-800">
        {value || "—"}
      </p>
    </div>
  );
}
