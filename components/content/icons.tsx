/** Inline SVG icons of the content pages (24x24, stroke = currentColor). Decorative unless `label` is given. */
type IconProps = { className?: string; label?: string; style?: React.CSSProperties };

function Svg({ className = "h-5 w-5", label, style, children }: IconProps & { children: React.ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      style={style}
      role={label ? "img" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      {label && <title>{label}</title>}
      {children}
    </svg>
  );
}

export const PinIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M9 4h6l-1 6 3 3v2H7v-2l3-3z" />
    <path d="M12 15v6" />
  </Svg>
);
export const FolderIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z" />
  </Svg>
);
export const GridIcon = (p: IconProps) => (
  <Svg {...p}>
    <rect x="4" y="4" width="7" height="7" rx="1" />
    <rect x="13" y="4" width="7" height="7" rx="1" />
    <rect x="4" y="13" width="7" height="7" rx="1" />
    <rect x="13" y="13" width="7" height="7" rx="1" />
  </Svg>
);
export const ListIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M8 6h12M8 12h12M8 18h12M4 6h.01M4 12h.01M4 18h.01" />
  </Svg>
);
export const EditIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M4 20h4L19 9l-4-4L4 16z" />
    <path d="m13.5 6.5 4 4" />
  </Svg>
);
export const TrashIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
  </Svg>
);
export const DownloadIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M12 4v11M7 10l5 5 5-5M5 20h14" />
  </Svg>
);
export const ExternalIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
  </Svg>
);
export const SearchIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="11" cy="11" r="6.5" />
    <path d="m20 20-4.2-4.2" />
  </Svg>
);
export const ChevronIcon = ({ direction = "right", ...p }: IconProps & { direction?: "left" | "right" }) => (
  <Svg {...p}>
    <path d={direction === "left" ? "m15 5-7 7 7 7" : "m9 5 7 7-7 7"} />
  </Svg>
);
export const CloseIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M6 6l12 12M18 6 6 18" />
  </Svg>
);
export const BackIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M19 12H5M11 6l-6 6 6 6" />
  </Svg>
);

/** File type icons by extension: image, doc/docx, xls/xlsx, ppt/pptx, pdf, otherwise a generic link icon. */
export function FileTypeIcon({ extension, isLink, className = "h-8 w-8" }: { extension: string; isLink?: boolean; className?: string }) {
  const ext = extension.toLowerCase();
  const kind = isLink
    ? "link"
    : ["gif", "jpg", "jpeg", "png", "webp", "svg", "bmp"].includes(ext)
      ? "image"
      : ["doc", "docx"].includes(ext)
        ? "doc"
        : ["xls", "xlsx", "csv"].includes(ext)
          ? "xls"
          : ["ppt", "pptx"].includes(ext)
            ? "ppt"
            : ext === "pdf"
              ? "pdf"
              : "link";
  const styles: Record<string, { color: string; text: string }> = {
    image: { color: "text-emerald-600", text: "IMG" },
    doc: { color: "text-blue-600", text: "DOC" },
    xls: { color: "text-green-700", text: "XLS" },
    ppt: { color: "text-orange-600", text: "PPT" },
    pdf: { color: "text-red-600", text: "PDF" },
  };
  if (kind === "link") {
    return (
      <Svg className={`${className} text-slate-500`} label={isLink ? "Link" : ext ? `${ext.toUpperCase()} file` : "File"}>
        <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1" />
        <path d="M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
      </Svg>
    );
  }
  const s = styles[kind];
  return (
    <Svg className={`${className} ${s.color}`} label={`${s.text} file`}>
      <path d="M6 3h8l4 4v14H6z" />
      <path d="M14 3v4h4" />
      <text x="12" y="17" textAnchor="middle" fontSize="4.6" fontWeight="700" fill="currentColor" stroke="none">
        {s.text}
      </text>
    </Svg>
  );
}
