"use client";

import { useRef, useState } from "react";
import { toast } from "@/components/ui/toast";
import { cut, isGalleryImage } from "@/lib/content/basics";
import { openStoredFile } from "@/lib/content/signed-url";
import { ChevronIcon, FileTypeIcon } from "./icons";

import type { Gallery as GalleryType } from "./gallery";

// The gallery is fetched when an image is first opened, not with the page.
let galleryModule: Promise<typeof GalleryType> | null = null;
const loadGallery = () => (galleryModule ??= import("./gallery").then((m) => m.Gallery));

export type FileItem = { path: string; name: string; extension: string; src?: string };

/**
 * The files of a post or entry: a scrollable row (names cut to `nameMax` characters, 5 in the list) or
 * a wrapped list (`layout="list"`, full names, on the post detail). Images (gif, jpg, jpeg, png) open
 * in the gallery; other files open through a signed URL.
 */
export function FileCarousel({ files, nameMax = 5, layout = "carousel" }: { files: FileItem[]; nameMax?: number; layout?: "carousel" | "list" }) {
  const [open, setOpen] = useState<number | null>(null);
  const [Gallery, setGallery] = useState<typeof GalleryType | null>(null);
  const row = useRef<HTMLUListElement>(null);
  const images = files.filter((f) => isGalleryImage(f.extension));

  const onOpen = async (f: FileItem) => {
    if (isGalleryImage(f.extension)) {
      try {
        const component = await loadGallery();
        setGallery(() => component);
        setOpen(images.indexOf(f));
      } catch {
        toast.error("Remote server can not be reachable");
      }
      return;
    }
    try {
      await openStoredFile(f.path);
    } catch (err) {
      toast.error((err as Error).message);
    }
  };

  const scroll = (dir: number) => row.current?.scrollBy({ left: dir * row.current.clientWidth * 0.8, behavior: "smooth" });
  const carousel = layout === "carousel";

  return (
    <div className="relative">
      <ul
        ref={row}
        aria-label="Files"
        className={carousel ? "flex snap-x gap-2 overflow-x-auto scroll-smooth pb-1 [scrollbar-width:thin]" : "grid gap-2 sm:grid-cols-2"}
      >
        {files.map((f) => (
          <li key={f.path} className={carousel ? "shrink-0 snap-start" : ""}>
            <button
              type="button"
              onClick={() => onOpen(f)}
              title={f.name}
              aria-label={`Open ${f.name}`}
              className={`flex items-center gap-2 rounded-lg border border-slate-200 bg-slate-50 text-left text-sm hover:border-brand-500 hover:bg-brand-50 ${carousel ? "w-24 flex-col px-2 py-3" : "w-full px-3 py-2"}`}
            >
              <FileTypeIcon extension={f.extension} />
              <span className={carousel ? "w-full truncate text-center text-xs text-slate-700" : "min-w-0 flex-1 truncate text-slate-800"}>
                {carousel ? cut(f.name, nameMax) : f.name}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {carousel && files.length > 4 && (
        <div className="mt-1 flex justify-end gap-1">
          <button type="button" onClick={() => scroll(-1)} className="rounded p-1 text-slate-500 hover:bg-slate-100" aria-label="Previous files">
            <ChevronIcon direction="left" className="h-4 w-4" />
          </button>
          <button type="button" onClick={() => scroll(1)} className="rounded p-1 text-slate-500 hover:bg-slate-100" aria-label="Next files">
            <ChevronIcon className="h-4 w-4" />
          </button>
        </div>
      )}
      {open !== null && Gallery && <Gallery images={images} index={open} onIndex={setOpen} onClose={() => setOpen(null)} />}
    </div>
  );
}

/** A single Download button (attachments) that opens the stored file through a signed URL. */
export function DownloadButton({ path, name, className = "" }: { path: string; name: string; className?: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      disabled={busy}
      aria-label={`Download ${name}`}
      className={className}
      onClick={async () => {
        setBusy(true);
        try {
          await openStoredFile(path);
        } catch (err) {
          toast.error((err as Error).message);
        } finally {
          setBusy(false);
        }
      }}
    >
      Download
    </button>
  );
}
