"use client";

import { useId, useState } from "react";
import dynamic from "next/dynamic";
import { Spinner } from "@/components/ui/button";
import { Icon } from "@/components/ui/icon";
import { BannerControls } from "./banner-controls";
import { BannerFrame } from "./banner-frame";

function UploadPlaceholder() {
  return (
    <div aria-busy="true" className="rounded-lg border border-slate-200 bg-white p-4">
      <p aria-hidden="true" className="mb-1 block text-sm font-medium text-slate-700">
        Banner
      </p>
      <div
        role="status"
        className="flex min-h-28 items-center justify-center gap-2 rounded-lg border-2 border-dashed border-slate-200 bg-slate-50 px-4 py-6 text-sm text-slate-500"
      >
        <Spinner /> Loading the upload area…
      </div>
    </div>
  );
}

// The upload area is a chunk of its own within role 1's: it brings react-dropzone and the upload
// client, and most menus already have a banner. It loads when 'Add banner' opens it.
const BannerUpload = dynamic(() => import("./banner-upload").then((m) => m.BannerUpload), {
  loading: UploadPlaceholder,
});

type Props = { menuId: number; status: "active" | "inactive" | null; children?: React.ReactNode };

/**
 * Without a banner, a compact 'Add banner' button that opens the upload area below it (an empty drop
 * zone on every such page took about 170 px, a quarter of a phone screen).
 */
function AddBanner({ menuId }: { menuId: number }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <section aria-label="Banner">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
        className="inline-flex items-center gap-2 rounded-md border border-dashed border-slate-400 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:border-brand-500 hover:bg-brand-50 hover:text-brand-700"
      >
        <Icon name={open ? "close" : "file-img"} className="h-4 w-4" />
        {open ? "Close banner upload" : "Add banner"}
      </button>
      <div id={id} hidden={!open} className="mt-2">
        {open && <BannerUpload menuId={menuId} />}
      </div>
    </section>
  );
}

/**
 * Role 1's banner area: the banner (`children`, the server-rendered image) with the show/hide and
 * delete controls, or 'Add banner' when there is none, and their messages.
 */
export function AdminBanner({ menuId, status, children }: Props) {
  return (
    <BannerFrame>
      {status ? (
        <section aria-label="Banner" className="relative overflow-hidden rounded-lg bg-slate-200">
          {children}
          <BannerControls menuId={menuId} status={status} />
        </section>
      ) : (
        <AddBanner menuId={menuId} />
      )}
    </BannerFrame>
  );
}
