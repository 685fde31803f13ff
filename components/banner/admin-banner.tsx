"use client";

import dynamic from "next/dynamic";
import { Spinner } from "@/components/ui/button";
import { useHydrated } from "@/components/ui/use-hydrated";
import { BannerControls } from "./banner-controls";
import { BannerFrame } from "./banner-frame";

function UploadPlaceholder() {
  return (
    <section aria-label="Banner" aria-busy="true" className="rounded-lg border border-slate-200 bg-white p-4">
      <p aria-hidden="true" className="mb-1 block text-sm font-medium text-slate-700">
        Banner
      </p>
      <div role="status" className="flex min-h-28 items-center justify-center gap-2 rounded-lg border-2 border-dashed border-slate-200 bg-slate-50 px-4 py-6 text-sm text-slate-500">
        <Spinner /> Loading the upload area…
      </div>
    </section>
  );
}

// The upload area is a chunk of its own within role 1's: it brings react-dropzone and the upload
// client, and most menus already have a banner. It is useless without JavaScript, so the server (and
// hydration) render only its placeholder.
const BannerUpload = dynamic(() => import("./banner-upload").then((m) => m.BannerUpload), { loading: UploadPlaceholder });

type Props = { menuId: number; status: "active" | "inactive" | null; children?: React.ReactNode };

/**
 * Role 1's banner area: the banner (`children`, the server-rendered image) with the show/hide and
 * delete controls, or the upload area when there is none, and their messages.
 */
export function AdminBanner({ menuId, status, children }: Props) {
  const hydrated = useHydrated();
  return (
    <BannerFrame>
      {status ? (
        <section aria-label="Banner" className="relative overflow-hidden rounded-lg bg-slate-200">
          {children}
          <BannerControls menuId={menuId} status={status} />
        </section>
      ) : (
        hydrated ? <BannerUpload menuId={menuId} /> : <UploadPlaceholder />
      )}
    </BannerFrame>
  );
}
