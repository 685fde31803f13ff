"use client";

import { useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import type { ApiAttachment } from "@/lib/calendar/types";
import type { Popup } from "./dialog";
import { callV1 } from "@/lib/api/client";

function formatSize(bytes: number) {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}

/** The event's files as a scrollable strip (images as thumbnails) and Download All (one zip). */
export function AttachmentsCarousel({
  eventId,
  attachments,
  setPopup,
}: {
  eventId: number;
  attachments: ApiAttachment[];
  setPopup: (p: Popup | null) => void;
}) {
  const strip = useRef<HTMLUListElement>(null);
  const [downloading, setDownloading] = useState(false);
  const scroll = (dir: 1 | -1) => strip.current?.scrollBy({ left: dir * 240, behavior: "smooth" });

  const downloadAll = async () => {
    setDownloading(true);
    try {
      const content = await callV1<{ zip_file?: string } | undefined>(`/api/v1/downloadattachment?id=${eventId}`, {
        failure: "Download failed.",
      });
      if (!content?.zip_file) throw new Error("Download failed.");
      window.location.assign(content.zip_file);
    } catch (err) {
      setPopup({ title: "Cancelled", text: err instanceof Error ? err.message : String(err), tone: "error" });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <section aria-labelledby="event-attachments" className="mt-6 border-t border-slate-100 pt-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="event-attachments" className="text-sm font-semibold text-slate-700">
          Attachments ({attachments.length})
        </h3>
        <div className="flex gap-2">
          <Button type="button" variant="ghost" aria-label="Scroll attachments left" onClick={() => scroll(-1)}>
            ‹
          </Button>
          <Button type="button" variant="ghost" aria-label="Scroll attachments right" onClick={() => scroll(1)}>
            ›
          </Button>
          <Button type="button" variant="secondary" onClick={downloadAll} loading={downloading}>
            Download All
          </Button>
        </div>
      </div>
      <ul ref={strip} className="mt-3 flex snap-x gap-3 overflow-x-auto pb-2">
        {attachments.map((a) => (
          <li key={a.id} className="w-40 shrink-0 snap-start">
            <a
              href={a.url}
              target="_blank"
              rel="noopener noreferrer"
              className="block rounded-md border border-slate-200 p-2 hover:border-brand-500"
            >
              {a.thumb_url ? (
                // eslint-disable-next-line @next/next/no-img-element -- short-lived signed links from the storage driver
                <img
                  src={a.thumb_url}
                  alt={a.document_name}
                  className="h-24 w-full rounded object-cover"
                  loading="lazy"
                />
              ) : (
                <span
                  aria-hidden="true"
                  className="flex h-24 items-center justify-center rounded bg-slate-100 text-lg font-semibold text-slate-500 uppercase"
                >
                  {a.doc_extension || "file"}
                </span>
              )}
              <span className="mt-2 block truncate text-xs text-slate-700" title={a.document_name}>
                {a.document_name}
              </span>
              <span className="block text-xs text-slate-500">{formatSize(a.size)}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
