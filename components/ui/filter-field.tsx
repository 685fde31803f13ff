import { FieldLabel } from "./input";

/**
 * A field of a list's GET filter form (the compliance board, my requests): its label above a plain
 * control whose default is the URL's value, so the form submits as the page's query string.
 */
export function FilterInput({
  id,
  label,
  ...rest
}: React.InputHTMLAttributes<HTMLInputElement> & { id: string; label: string }) {
  return (
    <div>
      <FieldLabel htmlFor={id} label={label} />
      <input id={id} className="rounded-md border border-slate-300 px-3 py-2 text-sm" {...rest} />
    </div>
  );
}

/** A filter's choice (the same frame as FilterInput): `allLabel` first (no filter), then `options`. */
export function FilterSelect({
  id,
  name,
  label,
  defaultValue,
  allLabel,
  options,
}: {
  id: string;
  name: string;
  label: string;
  defaultValue: string | number;
  allLabel: string;
  options: readonly { value: string | number; text: string }[];
}) {
  return (
    <div>
      <FieldLabel htmlFor={id} label={label} />
      <select
        id={id}
        name={name}
        defaultValue={defaultValue}
        className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
      >
        <option value="">{allLabel}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.text}
          </option>
        ))}
      </select>
    </div>
  );
}
