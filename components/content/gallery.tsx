"use client";

import { useEffect, useRef, useState } from "react";
import { fetchSignedUrl } from "@/lib/content/signed-url";
import { Icon } from "@/components/ui/icon";

export type GalleryImage = { path: string; name: string; src?: string };

/**
 * Image gallery / lightbox in a modal <dialog>: the file name, previous / next (buttons and arrow keys),
 * Esc closes. Images come with a signed URL from the server, or get one when they are shown.
 */
export function Gallery({
  images,
  index,
  onIndex,
  onClose,
}: {
  images: GalleryImage[];
  index: number;
  onIndex: (i: number) => void;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const [urls, setUrls] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const current = images[index];

  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
  }, []);

  useEffect(() => {
    if (!current || current.src || urls[current.path]) return;
    let live = true;
    fetchSignedUrl(current.path).then(
      (url) => live && setUrls((u) => ({ ...u, [current.path]: url })),
      (err: Error) => live && setError(err.message),
    );
    return () => {
      live = false;
    };
  }, [current, urls]);

  const go = (delta: number) => {
    setError(null);
    onIndex((index + delta + images.length) % images.length);
  };

  if (!current) return null;
  const src = current.src ?? urls[current.path];
  return (
    <dialog
      ref={ref}
      aria-label={`Image ${index + 1} of ${images.length}: ${current.name}`}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onKeyDown={(e) => {
        if (images.length > 1 && e.key === "ArrowRight") go(1);
        if (images.length > 1 && e.key === "ArrowLeft") go(-1);
      }}
      className="m-auto h-[min(90vh,52rem)] w-[min(64rem,calc(100vw-1rem))] overflow-hidden rounded-xl bg-slate-950 p-0 text-white backdrop:bg-slate-950/80"
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between gap-3 px-4 py-3">
          <p className="truncate text-sm font-medium" title={current.name}>
            {current.name}
            {images.length > 1 && (
              <span className="ml-2 text-slate-400">
                ({index + 1} / {images.length})
              </span>
            )}
          </p>
          <button type="button" onClick={onClose} className="rounded-md p-2 hover:bg-white/10" aria-label="Close">
            <Icon name="close" />
          </button>
        </div>
        <div className="relative flex min-h-0 flex-1 items-center justify-center px-12 pb-4">
          {error ? (
            <p role="alert" className="text-red-300">
              {error}
            </p>
          ) : src ? (
            // eslint-disable-next-line @next/next/no-img-element -- signed, short-lived URLs are not for the image optimiser
            <img src={src} alt={current.name} className="max-h-full max-w-full object-contain" />
          ) : (
            <p className="text-slate-400">Loading...</p>
          )}
          {images.length > 1 && (
            <>
              <button
                type="button"
                onClick={() => go(-1)}
                className="absolute left-2 rounded-full bg-white/10 p-2 hover:bg-white/20"
                aria-label="Previous image"
              >
                <Icon name="chevron-left" className="h-6 w-6" />
              </button>
              <button
                type="button"
                onClick={() => go(1)}
                className="absolute right-2 rounded-full bg-white/10 p-2 hover:bg-white/20"
                aria-label="Next image"
              >
                <Icon name="chevron-right" className="h-6 w-6" />
              </button>
            </>
          )}
        </div>
      </div>
    </dialog>
  );
}
