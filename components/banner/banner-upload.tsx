"use client";

import { useState, useTransition } from "react";
import { Dropzone } from "@/components/dropzone/dropzone";
import { addBannerAction } from "@/lib/files/banners/actions";
import { useBannerFlash } from "./banner-frame";
import { callAction } from "@/lib/actions/client";

/** Role 1's upload area on a page without a banner ('Add banner'): the finished upload becomes the banner at once. */
export function BannerUpload({ menuId }: { menuId: number }) {
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | undefined>();
  const [round, setRound] = useState(0);
  const flash = useBannerFlash();

  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4">
      <Dropzone
        key={round}
        kind="banner"
        label="Banner"
        error={error}
        disabled={pending}
        onUploaded={(file) =>
          startTransition(async () => {
            const result = await callAction(addBannerAction({ menuId, tempPath: file.path }));
            if (result.ok) {
              setError(undefined);
              flash({ kind: "success", title: result.message ?? "" });
            } else {
              setError(result.message);
              setRound((r) => r + 1);
            }
          })
        }
      />
    </div>
  );
}
