"use client";

import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { toast } from "@/components/ui/toast";
import { isGalleryImage, type ContentTab } from "@/lib/content/basics";
import { formatLocal, type DateKind } from "@/lib/content/dates";
import { pageHref, type PageState } from "@/lib/content/page-href";
import { openStoredFile } from "@/lib/content/signed-url";
import { startNavigationProgress } from "@/components/shell/navigation-progress";
import { APP_LINK, appLinkHref } from "@/components/shell/navigation-target";
import type { Gallery as GalleryType, GalleryImage } from "./gallery";
import type { ItemActionRequest, ItemActionsDialog as DialogType } from "./item-actions-dialog";

// The gallery and the admin confirmation load on first use, not with the page.
let galleryModule: Promise<typeof GalleryType> | null = null;
const loadGallery = () => (galleryModule ??= import("./gallery").then((m) => m.Gallery));
let dialogModule: Promise<typeof DialogType> | null = null;
const loadDialog = () => (dialogModule ??= import("./item-actions-dialog").then((m) => m.ItemActionsDialog));

const TOOLBAR = "form[data-toolbar]";

/** Shows the server's dates in the viewer's time zone (the server wrote them in its own). */
function localiseTimes(root: HTMLElement) {
  for (const t of root.querySelectorAll<HTMLTimeElement>("time[data-local]")) {
    const date = new Date(t.dateTime);
    if (!Number.isNaN(date.getTime())) t.textContent = formatLocal(date, t.dataset.local as DateKind);
  }
}

/** An item's admin buttons are disabled while one of its requests is open (aria-busy marks the server call). */
function setDisabled(scope: Element | null, disabled: boolean) {
  for (const b of scope?.querySelectorAll<HTMLButtonElement>("button") ?? []) b.disabled = disabled;
}

/**
 * A content list built on the server as HTML (list-markup.ts), with its behaviour added here by
 * delegation on one element: in-app links navigate inside the app (prefetched on intent), file buttons
 * open the gallery (images) or a signed URL (other files), carousel arrows scroll, role 1's Pin/Unpin
 * and Delete ask for confirmation and call the server, dates are shown in the viewer's time zone, and
 * the toolbar's search and sort go to the URL of the new state.
 */
export function MarkupList({ html, className }: { html: string; className?: string }) {
  const router = useRouter();
  const ref = useRef<HTMLDivElement>(null);
  const warmed = useRef(new Set<string>());
  const [gallery, setGallery] = useState<{ Gallery: typeof GalleryType; images: GalleryImage[]; index: number } | null>(null);
  const [request, setRequest] = useState<{ Dialog: typeof DialogType; request: ItemActionRequest; scope: Element | null } | null>(null);

  useLayoutEffect(() => {
    if (ref.current) localiseTimes(ref.current);
  }, [html]);

  const openFile = async (button: HTMLButtonElement) => {
    const { file: path = "", name = "", ext = "" } = button.dataset;
    if (button.dataset.download === undefined && isGalleryImage(ext)) {
      const group = [...(button.closest("[data-files]")?.querySelectorAll<HTMLButtonElement>("button[data-file]") ?? [button])].filter((b) =>
        isGalleryImage(b.dataset.ext ?? ""),
      );
      try {
        const Gallery = await loadGallery();
        const images = group.map((b) => ({ path: b.dataset.file ?? "", name: b.dataset.name ?? "", src: b.dataset.src }));
        setGallery({ Gallery, images, index: Math.max(0, group.indexOf(button)) });
      } catch {
        toast.error("Remote server can not be reachable");
      }
      return;
    }
    button.disabled = true;
    try {
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
        toast.error("Remote server can not be reachable");
      },
    );
  };

  const onClick = (event: React.MouseEvent<HTMLDivElement>) => {
    const target = event.target as Element;
    const button = target.closest<HTMLButtonElement>("button");
    if (button && !button.disabled) {
      if (button.dataset.file !== undefined) void openFile(button);
      else if (button.dataset.action) ask(button);
      else if (button.dataset.scroll) {
        const row = button.closest("[data-scroller]")?.querySelector("ul");
        row?.scrollBy({ left: Number(button.dataset.scroll) * row.clientWidth * 0.8, behavior: "smooth" });
      }
      return;
    }
    const href = appLinkHref(event, APP_LINK);
    if (!href) return;
    event.preventDefault();
    router.push(href);
  };

  // The search form (list-markup.ts toolbarMarkup): Enter searches, a new sort applies at once; both
  // go to the canonical URL of the new state, back on page 1.
  const search = (form: HTMLFormElement, patch: Partial<PageState>) => {
    const { slug, tabs, state } = JSON.parse(form.dataset.toolbar ?? "{}") as { slug: string; tabs: ContentTab[]; state: PageState };
    const q = (form.elements.namedItem("q") as HTMLInputElement | null)?.value.trim() ?? "";
    const href = pageHref(slug, tabs, state, { q, ...patch, page: 1 });
    startNavigationProgress(href);
    router.push(href);
  };

  const onSubmit = (event: React.FormEvent<HTMLDivElement>) => {
    const form = (event.target as Element).closest<HTMLFormElement>(TOOLBAR);
    if (!form) return;
    event.preventDefault();
    search(form, {});
  };

  // A native listener: React's onChange does not report changes of elements it did not render.
  useEffect(() => {
    const root = ref.current;
    const onChange = (event: Event) => {
      const select = event.target;
      if (!(select instanceof HTMLSelectElement) || select.name !== "sort") return;
      const form = select.closest<HTMLFormElement>(TOOLBAR);
      if (form) search(form, { sort: select.value as PageState["sort"] });
    };
    root?.addEventListener("change", onChange);
    return () => root?.removeEventListener("change", onChange);
  });

  const onIntent = (event: React.SyntheticEvent) => {
    const href = (event.target as Element).closest?.<HTMLAnchorElement>(APP_LINK)?.getAttribute("href");
    if (!href || warmed.current.has(href)) return;
    warmed.current.add(href);
    router.prefetch(href);
  };

  return (
    <>
      <div
        ref={ref}
        className={className}
        onClick={onClick}
        onSubmit={onSubmit}
        onMouseOver={onIntent}
        onFocus={onIntent}
        onTouchStart={onIntent}
        dangerouslySetInnerHTML={{ __html: html }}
      />
      {gallery && (
        <gallery.Gallery images={gallery.images} index={gallery.index} onIndex={(index) => setGallery({ ...gallery, index })} onClose={() => setGallery(null)} />
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
