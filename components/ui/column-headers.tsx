/** One column of ColumnHeaders: its label, or its label and the classes added to the row's own. */
export type ColumnHeader = string | { label: string; className: string };

/**
 * A table's header row: a `<th scope="col">` for each column, in order, with the row's `cellClass`
 * (and a column's own classes after it: 'text-right' for a number).
 */
export function ColumnHeaders({ columns, cellClass }: { columns: readonly ColumnHeader[]; cellClass: string }) {
  return (
    <tr>
      {columns.map((c) => {
        const { label, className } = typeof c === "string" ? { label: c, className: "" } : c;
        return (
          <th key={label} scope="col" className={className ? `${cellClass} ${className}` : cellClass}>
            {label}
          </th>
        );
      })}
    </tr>
  );
}
