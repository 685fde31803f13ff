import "server-only";
import { inlineFileUrl } from "@/lib/files/links";
import { isGalleryImage } from "./basics";
import type { DocumentRow } from "./documents";

export type FileItem = { path: string; name: string; extension: string; src?: string };

/**
 * Documents as the file carousel takes them. Gallery images get a signed same-origin URL now (an
 * hour, for <img> in our pages under the Content-Security-Policy); other files are signed on click
 * through getsignedurlpath.
 */
export function toFileItems(docs: DocumentRow[]): FileItem[] {
  return docs.map((d) => ({
    path: d.path,
    name: d.name,
    extension: d.extension,
    ...(isGalleryImage(d.extension) ? { src: inlineFileUrl({ storageKey: d.path }) } : {}),
  }));
}
