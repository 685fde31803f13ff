"use client";

import { lazy, Suspense } from "react";
import { Spinner } from "@/components/ui/button";
import type { BannerControls as BannerControlsType } from "./banner-controls";
import type { BannerUpload as BannerUploadType } from "./banner-upload";

// Role 1's banner tools, each its own chunk: every menu page has the banner area, but only role 1
// ever gets these (the upload area brings react-dropzone and the upload client, about 10 KB gzip),
// so they stay out of everyone's first load. React.lazy rather than next/dynamic, whose loader
// would itself add about 2 KB to every menu page. The server still renders them; the browser fetches
// their chunk while hydrating (the server's HTML stays meanwhile). On a client-side navigation the
// upload area shows a box of its shape with a spinner until its chunk arrives, and the show/hide and
// delete buttons appear when theirs has.
const Upload = lazy(() => import("./banner-upload").then((m) => ({ default: m.BannerUpload })));
const Controls = lazy(() => import("./banner-controls").then((m) => ({ default: m.BannerControls })));

export function BannerUpload(props: React.ComponentProps<typeof BannerUploadType>) {
  return (
    <Suspense
      fallback={
        <section aria-label="Banner" aria-busy="true" className="rounded-lg border border-slate-200 bg-white p-4">
          <div role="status" className="mt-6 flex min-h-28 items-center justify-center gap-2 rounded-lg border-2 border-dashed border-slate-200 bg-slate-50 px-4 py-6 text-sm text-slate-500">
            <Spinner /> Loading the upload area…
          </div>
        </section>
      }
    >
      <Upload {...props} />
    </Suspense>
  );
}

export function BannerControls(props: React.ComponentProps<typeof BannerControlsType>) {
  return (
    <Suspense fallback={null}>
      <Controls {...props} />
    </Suspense>
  );
}
