/** 'Export CSV' and 'Export XLSX' as download links (the compliance board, a post's Readers panel). */
export function ExportLinks({
  href,
  className,
  compact,
}: {
  href: (format: "csv" | "xlsx") => string;
  className: string;
  compact?: boolean;
}) {
  const link = `rounded-md border border-slate-300 px-3 font-medium text-slate-800 hover:bg-slate-50 ${compact ? "py-1.5" : "py-2"}`;
  return (
    <span className={className}>
      <a href={href("csv")} className={link} download>
        Export CSV
      </a>
      <a href={href("xlsx")} className={link} download>
        Export XLSX
      </a>
    </span>
  );
}
