import { portableFileName } from "@/lib/files/names";

/**
 * `inline` or `attachment` with the original file name made portable (lib/files/names.ts: no
 * bidirectional overrides, no Windows device names): a plain ASCII `filename` for old clients and an
 * RFC 5987 `filename*` (UTF-8) for everything else.
 */
export function contentDisposition(type: "inline" | "attachment", fileName: string): string {
  const name = portableFileName(fileName);
  const ascii = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]/g, "_")
    .replace(/["%;]/g, "_");
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
