"use client";

import { useEffect, useId, useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { ConfirmDialog, useConfirm } from "@/components/ui/confirm-dialog";
import { Icon } from "@/components/ui/icon";
import { isIconName } from "@/components/ui/icon-names";
import { toast } from "@/components/ui/toast";
import { truncateTitle } from "@/components/shell/shell-utils";
import { callAction } from "@/lib/actions/client";
import { callV1 } from "@/lib/api/client";
import { deleteMenuAction, reorderMenusAction } from "@/lib/menus/actions";
import { MENU_TEXTS, PAGE_TYPES } from "@/lib/menus/schemas";
import type { EditorMenu } from "@/lib/menus/queries";
import { MenuForm, type IconOption } from "./menu-form";
import { SortableList } from "./sortable-list";

/** Menu titles are cut at 16 characters in the editor, with the whole title as a tooltip (the old portal's screens). */
export const EDITOR_TITLE_MAX = 16;

type Editing = number | "new" | null;
type ContentQuestion = { menu: EditorMenu; message: string; action: "move" | "delete"; moveTo: string; busy: boolean };

/**
 * The menu editor: main menus (drag to reorder, add, edit inline, delete) and the sub-menu panel of
 * the selected main menu (the same). One main and one sub editor are open at a time; opening a main
 * editor closes the sub-menu panel. Every change is a server action (lib/menus/actions.ts), then the page's data is reloaded (the
 * sidebar follows, by the config version).
 */
export function MenuEditor({
  menus: initial,
  selectedId: initialSelected,
}: {
  menus: EditorMenu[];
  selectedId: number | null;
}) {
  const router = useRouter();
  const [menus, setMenus] = useState(initial);
  const [seen, setSeen] = useState(initial);
  if (seen !== initial) {
    // New data from the server (after a save or reorder): it is the truth.
    setSeen(initial);
    setMenus(initial);
  }
  const [selectedId, setSelectedId] = useState<number | null>(initialSelected);
  const [mainEditor, setMainEditor] = useState<Editing>(null);
  const [subEditor, setSubEditor] = useState<Editing>(null);
  const [icons, setIcons] = useState<IconOption[] | null>(null);
  const [reordering, setReordering] = useState(false);
  const [confirm, confirmDialog] = useConfirm();
  const [question, setQuestion] = useState<ContentQuestion | null>(null);
  const subPanelId = useId();

  useEffect(() => {
    let live = true;
    callV1<IconOption[]>("/api/v1/get_icons")
      .then((list) => live && setIcons(list))
      .catch((err) => toast.error(err instanceof Error ? err.message : "The icons could not be loaded."));
    return () => {
      live = false;
    };
  }, []);

  const selected = menus.find((m) => m.id === selectedId) ?? null;

  const openMain = (id: Editing) => {
    setMainEditor(id);
    setSubEditor(null);
    setSelectedId(null);
  };
  const openSubs = (id: number) => {
    setSelectedId(id);
    setSubEditor(null);
    setMainEditor(null);
  };
  const saved = () => {
    setMainEditor(null);
    setSubEditor(null);
    router.refresh();
  };

  const reorder = async (parentId: number | null, ids: number[]) => {
    const before = menus;
    const order = (list: EditorMenu[]) => ids.map((id) => list.find((m) => m.id === id)!);
    setMenus(
      parentId === null
        ? order(menus)
        : menus.map((m) => (m.id === parentId ? { ...m, children: order(m.children) } : m)),
    );
    setReordering(true);
    const res = await callAction(
      reorderMenusAction({ ...(parentId ? { parent_id: parentId } : {}), menu_data: ids.map((id) => ({ id })) }),
    );
    setReordering(false);
    if (!res.ok) {
      setMenus(before);
      toast.error(res.message);
      return;
    }
    toast.success(MENU_TEXTS.reordered);
    router.refresh();
  };

  const remove = async (menu: EditorMenu) => {
    const yes = await confirm({
      title: MENU_TEXTS.deleteTitle,
      text: MENU_TEXTS.deleteText,
      confirmLabel: "Yes, delete it!",
      cancelLabel: "Cancel",
      danger: true,
    });
    if (!yes) return;
    const res = await callAction(deleteMenuAction({ id: menu.id }));
    if (res.ok) deleted(menu);
    else if (res.status === 409) setQuestion({ menu, message: res.message, action: "move", moveTo: "", busy: false });
    else toast.error(res.message);
  };

  const deleted = (menu: EditorMenu) => {
    toast.success(`${menu.title} deleted`);
    if (menu.id === selectedId) setSelectedId(null);
    router.refresh();
  };

  const answer = async () => {
    if (!question) return;
    if (question.action === "move" && !question.moveTo) {
      toast.error("Choose the menu to move the content to.");
      return;
    }
    setQuestion({ ...question, busy: true });
    const res = await callAction(
      deleteMenuAction({
        id: question.menu.id,
        content_action: question.action,
        ...(question.action === "move" ? { move_to: Number(question.moveTo) } : {}),
      }),
    );
    if (!res.ok) {
      setQuestion({ ...question, busy: false });
      toast.error(res.message);
      return;
    }
    setQuestion(null);
    deleted(question.menu);
  };

  /** Pages the content of a deleted menu can move to: every page but a link, the menu itself and its sub-menus. */
  const targets = question
    ? menus
        .flatMap((m) => [m, ...m.children])
        .filter((m) => !m.url && m.id !== question.menu.id && m.parentId !== question.menu.id)
    : [];

  const row = (menu: EditorMenu, handle: React.ReactNode, sub: boolean) => {
    const cut = truncateTitle(menu.title, EDITOR_TITLE_MAX);
    const open = sub ? subEditor === menu.id : mainEditor === menu.id;
    return (
      <>
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1 p-2">
          {handle}
          {menu.icon && isIconName(menu.icon) ? (
            <Icon name={menu.icon} className="h-5 w-5 shrink-0 text-slate-600" />
          ) : (
            <span className="h-5 w-5 shrink-0" aria-hidden="true" />
          )}
          {/* Room for 16 characters: the actions wrap below rather than overlap the title. */}
          <div className="min-w-40 flex-1">
            <div
              className="font-medium whitespace-nowrap text-slate-900"
              title={cut.truncated ? menu.title : undefined}
            >
              {cut.text}
              {cut.truncated && <span className="sr-only"> ({menu.title})</span>}
            </div>
            <div className="text-xs whitespace-nowrap text-slate-500">
              {menu.url ? "Link" : menu.pageTypes.map((t) => PAGE_TYPES.find((p) => p.id === t)?.name).join(", ")}
              {menu.isBuiltin ? " · built-in" : ""}
            </div>
          </div>
          <div className="ml-auto flex shrink-0 items-center gap-1">
            {!sub && (
              <Button
                type="button"
                variant="ghost"
                className="px-2 py-1"
                aria-pressed={selectedId === menu.id}
                aria-controls={subPanelId}
                onClick={() => openSubs(menu.id)}
              >
                Sub menus ({menu.children.length})
              </Button>
            )}
            <Button
              type="button"
              variant="ghost"
              className="px-2 py-1"
              aria-expanded={open}
              aria-label={`Edit ${menu.title}`}
              onClick={() => (sub ? setSubEditor(menu.id) : openMain(menu.id))}
            >
              Edit
            </Button>
            {!menu.isBuiltin && (
              <Button
                type="button"
                variant="ghost"
                className="px-2 py-1 text-red-700"
                aria-label={`Delete ${menu.title}`}
                onClick={() => remove(menu)}
              >
                Delete
              </Button>
            )}
          </div>
        </div>
        {open && (
          <MenuForm
            menu={menu}
            parentId={sub ? (menu.parentId ?? undefined) : undefined}
            icons={icons}
            onCancel={() => (sub ? setSubEditor(null) : setMainEditor(null))}
            onSaved={saved}
          />
        )}
      </>
    );
  };

  return (
    <div className="grid gap-6 xl:grid-cols-[3fr_2fr]">
      <section aria-labelledby={`${subPanelId}-main`} className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={`${subPanelId}-main`} className="text-lg font-semibold text-slate-900">
            Main menus
          </h2>
          <Button type="button" onClick={() => openMain("new")}>
            Add New Page
          </Button>
        </div>
        {mainEditor === "new" && (
          <div className="rounded-md border border-brand-300">
            <MenuForm menu={null} icons={icons} onCancel={() => setMainEditor(null)} onSaved={saved} />
          </div>
        )}
        <SortableList
          items={menus}
          label="Main menus"
          disabled={reordering}
          onReorder={(ids) => reorder(null, ids)}
          renderItem={(m, handle) => row(m, handle, false)}
        />
      </section>

      <section id={subPanelId} aria-labelledby={`${subPanelId}-sub`} className="space-y-3">
        {selected ? (
          <>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 id={`${subPanelId}-sub`} className="text-lg font-semibold text-slate-900">
                Sub menus of {selected.title}
              </h2>
              <Button type="button" onClick={() => setSubEditor("new")}>
                Add Sub Menu
              </Button>
            </div>
            {subEditor === "new" && (
              <div className="rounded-md border border-brand-300">
                <MenuForm
                  menu={null}
                  parentId={selected.id}
                  icons={icons}
                  onCancel={() => setSubEditor(null)}
                  onSaved={saved}
                />
              </div>
            )}
            {selected.children.length ? (
              <SortableList
                items={selected.children}
                label={`Sub menus of ${selected.title}`}
                disabled={reordering}
                onReorder={(ids) => reorder(selected.id, ids)}
                renderItem={(m, handle) => row(m, handle, true)}
              />
            ) : (
              <p className="text-sm text-slate-600">No sub menus yet.</p>
            )}
            <p className="text-sm">
              <Link href={`/${selected.slug}`} prefetch={false} className="text-brand-700 hover:underline">
                Open {selected.title}
              </Link>
            </p>
          </>
        ) : (
          <>
            <h2 id={`${subPanelId}-sub`} className="text-lg font-semibold text-slate-900">
              Sub menus
            </h2>
            <p className="text-sm text-slate-600">
              Choose &lsquo;Sub menus&rsquo; on a main menu to see and edit its sub menus.
            </p>
          </>
        )}
      </section>

      {confirmDialog}
      {question && (
        <ConfirmDialog
          open
          title={MENU_TEXTS.deleteTitle}
          text={`${question.message} What should happen to it?`}
          confirmLabel="Delete menu"
          cancelLabel="Cancel"
          danger
          busy={question.busy}
          onConfirm={answer}
          onCancel={() => setQuestion(null)}
        >
          <fieldset className="mt-4 space-y-2 text-left text-sm">
            <legend className="sr-only">What happens to the content</legend>
            <label className="flex items-center gap-2">
              <input
                type="radio"
                name="content-action"
                checked={question.action === "move"}
                onChange={() => setQuestion({ ...question, action: "move" })}
              />
              Move it to another menu
            </label>
            {question.action === "move" && (
              <select
                aria-label="Menu to move the content to"
                className="ml-6 block w-[calc(100%-1.5rem)] rounded border border-slate-300 bg-white px-2 py-1"
                value={question.moveTo}
                onChange={(e) => setQuestion({ ...question, moveTo: e.target.value })}
              >
                <option value="">Choose a menu</option>
                {targets.map((m) => (
                  <option key={m.id} value={String(m.id)}>
                    {m.parentId ? "— " : ""}
                    {m.title}
                  </option>
                ))}
              </select>
            )}
            <label className="flex items-center gap-2">
              <input
                type="radio"
                name="content-action"
                checked={question.action === "delete"}
                onChange={() => setQuestion({ ...question, action: "delete" })}
              />
              Delete it, files included
            </label>
          </fieldset>
        </ConfirmDialog>
      )}
    </div>
  );
}
