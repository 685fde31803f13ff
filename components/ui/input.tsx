import { forwardRef, useId } from "react";

type ControlProps = { id: string; "aria-invalid"?: true; "aria-describedby"?: string; className: string };

/**
 * The frame every labelled control shares: the label, the control (given its id, its ARIA wiring to
 * the error and its classes by `control`), and the error message for screen readers.
 */
function FieldFrame({ label, error, id, className, controlClass = "", control }: { label: string; error?: string; id?: string; className: string; controlClass?: string; control: (props: ControlProps) => React.ReactNode }) {
  const auto = useId();
  const inputId = id ?? auto;
  const errorId = `${inputId}-error`;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      {control({
        id: inputId,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": error ? errorId : undefined,
        className: `block w-full rounded-md border ${controlClass}px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:ring-1 focus:ring-brand-500 focus:outline-none ${error ? "border-red-500" : "border-slate-300"}`,
      })}
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

export type FieldProps = React.InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string };

/** A labelled input with its error message wired for screen readers. */
export const Field = forwardRef<HTMLInputElement, FieldProps>(function Field({ label, error, id, className = "", ...rest }, ref) {
  return <FieldFrame label={label} error={error} id={id} className={className} control={(props) => <input ref={ref} {...props} {...rest} />} />;
});

export type SelectFieldProps = React.SelectHTMLAttributes<HTMLSelectElement> & { label: string; error?: string };

/** A labelled select with its error message wired for screen readers (the same frame as Field). */
export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField({ label, error, id, className = "", children, ...rest }, ref) {
  return (
    <FieldFrame
      label={label}
      error={error}
      id={id}
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
      <p className="min-h-[2.375rem] rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm break-words text-slate-800">{value || "—"}</p>
    </div>
  );
}
