import "server-only";
import { connection } from "next/server";
import { notFound } from "next/navigation";
import { pageGuard, requireCapability } from "@/lib/auth/guards";
import { listEditorMenus } from "@/lib/menus/queries";
import { MenuEditor } from "./menu-editor";

/**
 * Edit Menu (administrators; others get the 403 page): `/menu/add-edit-menu`, or `/menu/{slug}` with
 * that menu's sub-menu panel open (a sub-menu's slug opens its main menu's panel).
 */
export async function MenuEditorPage({ slug }: { slug?: string }) {
  await connection();
  await pageGuard(requireCapability("manageBackOffice"));
  const menus = await listEditorMenus();
  let selectedId: number | null = null;
  if (slug) {
    const all = menus.flatMap((m) => [m, ...m.children]);
    const menu = all.find((m) => m.slug === slug);
    if (!menu) notFound();
    selectedId = menu.parentId ?? menu.id;
  }
  return (
    <div className="space-y-4 rounded-lg bg-white p-4 shadow-sm sm:p-6">
      <h1 className="text-2xl font-semibold text-slate-900">Edit Menu</h1>
      <p className="text-sm text-slate-600">
        Drag a menu by its handle, or focus the handle and use Space and the arrow keys, to change the order.
      </p>
      <MenuEditor menus={menus} selectedId={selectedId} />
    </div>
  );
}
