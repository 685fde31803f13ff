"use client";

import { useState } from "react";
import { toast } from "@/components/ui/toast";
import { UNREACHABLE } from "@/lib/api/unreachable";
import { isGalleryImage } from "@/lib/content/basics";
import { APP_LINK } from "@/components/shell/navigation-target";
import { useIntentPrefetch } from "@/components/shell/use-intent-prefetch";
import type { Gallery as GalleryType, GalleryImage } from "./gallery";
import type { ItemActionRequest, ItemActionsDialog as DialogType } from "./item-actions-dialog";

// The gallery, the admin confirmation and the opening of a file (the signed-URL call and its
// session handling) load on first use, not with the page.
let filesModule: Promise<typeof import("@/lib/content/signed-url")> | null = null;
const loadFiles = () => (filesModule ??= import("@/lib/content/signed-url"));
let galleryModule: Promise<typeof GalleryType> | null = null;
const loadGallery = () => (galleryModule ??= import("./gallery").then((m) => m.Gallery));
let dialogModule: Promise<typeof DialogType> | null = null;
const loadDialog = () => (dialogModule ??= import("./item-actions-dialog").then((m) => m.ItemActionsDialog));

/** An item's admin buttons are disabled while one of its requests is open (aria-busy marks the server call). */
function setDisabled(scope: Element | null, disabled: boolean) {
  for (const b of scope?.querySelectorAll<HTMLButtonElement>("button") ?? []) b.disabled = disabled;
}

/**
 * The interactive region around a content list or post (the server components of list-items.tsx and
 * page-parts.tsx are its children). One set of handlers, by delegation on the attributes those
 * components set, instead of a client component per item: file buttons open the gallery (images) or
 * a signed URL (other files), carousel arrows scroll, role 1's Pin/Unpin and Delete ask for
 * confirmation and call the server, and in-app links are prefetched once on intent (hover, focus,
 * touch) rather than all of them as they scroll into view.
 */
export function ContentRegion({ className, children }: { className?: string; children: React.ReactNode }) {
  const intent = useIntentPrefetch(APP_LINK);
  const [gallery, setGallery] = useState<{ Gallery: typeof GalleryType; images: GalleryImage[]; index: number } | null>(
    null,
  );
  const [request, setRequest] = useState<{
    Dialog: typeof DialogType;
    request: ItemActionRequest;
    scope: Element | null;
  } | null>(null);

  const openFile = async (button: HTMLButtonElement) => {
    const { file: path = "", name = "", ext = "" } = button.dataset;
    if (button.dataset.download === undefined && isGalleryImage(ext)) {
      const group = [
        ...(button.closest("[data-files]")?.querySelectorAll<HTMLButtonElement>("button[data-file]") ?? [button]),
      ].filter((b) => isGalleryImage(b.dataset.ext ?? ""));
      try {
        const Gallery = await loadGallery();
        const images = group.map((b) => ({
          path: b.dataset.file ?? "",
          name: b.dataset.name ?? "",
          src: b.dataset.src,
        }));
        setGallery({ Gallery, images, index: Math.max(0, group.indexOf(button)) });
      } catch {
        toast.error(UNREACHABLE);
      }
      return;
    }
    button.disabled = true;
    try {
      const { openStoredFile } = await loadFiles().catch(() => {
        throw new Error(UNREACHABLE);
      });
      await openStoredFile(path);
    } catch (err) {
      toast.error((err as Error).message || `${name} could not be opened`);
    } finally {
      button.disabled = false;
    }
  };

  const ask = (button: HTMLButtonElement) => {
    const { action, kind, id, slug = "" } = button.dataset;
    const scope = button.closest("[data-actions]");
    setDisabled(scope, true);
    loadDialog().then(
      (Dialog) => setRequest({ Dialog, scope, request: { action, kind, id: Number(id), slug } as ItemActionRequest }),
      () => {
        setDisabled(scope, false);
        toast.error(UNREACHABLE);
      },
    );
  };

  const onClick = (event: React.MouseEvent<HTMLDivElement>) => {
    const button = (event.target as Element).closest<HTMLButtonElement>("button");
    if (!button || button.disabled) return;
    if (button.dataset.file !== undefined) void openFile(button);
    else if (button.dataset.action) ask(button);
    else if (button.dataset.scroll) {
      const row = button.closest("[data-scroller]")?.querySelector("ul");
      row?.scrollBy({ left: Number(button.dataset.scroll) * row.clientWidth * 0.8, behavior: "smooth" });
    }
  };

  return (
    <>
      <div className={className} onClick={onClick} {...intent}>
        {children}
      </div>
      {gallery && (
        <gallery.Gallery
          images={gallery.images}
          index={gallery.index}
          onIndex={(index) => setGallery({ ...gallery, index })}
          onClose={() => setGallery(null)}
        />
      )}
      {request && (
        <request.Dialog
          request={request.request}
          onPending={(pending) => request.scope?.toggleAttribute("aria-busy", pending)}
          onDone={() => {
            setDisabled(request.scope, false);
            setRequest(null);
          }}
        />
      )}
    </>
  );
}
