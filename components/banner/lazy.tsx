"use client";

import dynamic from "next/dynamic";
import { Spinner } from "@/components/ui/button";

/**
 * Role 1's banner area as its own chunks: every menu page has a banner area, but only role 1 gets its
 * tools (show/hide, delete, the upload area with react-dropzone and the upload client, about 13 KB
 * gzip in all), so everyone else's first load leaves them out. The server still renders it and
 * next/dynamic preloads its chunks where it renders, so it is interactive as soon as before; a
 * client-side navigation shows a spinner until they arrive.
 */
export const AdminBanner = dynamic(() => import("./admin-banner").then((m) => m.AdminBanner), {
  loading: () => (
    <p role="status" className="mb-6 flex min-h-28 items-center justify-center gap-2 rounded-lg border border-slate-200 bg-white text-sm text-slate-500">
      <Spinner /> Loading the banner…
    </p>
  ),
});
