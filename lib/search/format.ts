import type { SearchKind } from "./types";

/** The results page of a query (and kind). */
export function searchPageHref(q: string, kind?: SearchKind): string {
  const params = new URLSearchParams({ q });
  if (kind) params.set("kind", kind);
  return `/search?${params}`;
}

/** Where a result's words were found, when not its title or text: 'Found inside report.pdf', 'Found in a comment'. */
export function sourceNote(source: string, documentName: string | null): string | null {
  if (source === "document") return `Found inside ${documentName ?? "a document"}`;
  if (source === "file-name") return `File ${documentName ?? ""}`.trim();
  if (source === "comment") return "Found in a comment";
  return null;
}
