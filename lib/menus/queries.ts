import { and, asc, eq } from "drizzle-orm";
import { getDb, schema } from "@/lib/db";
import { cachedForStamp, deepFreeze } from "@/lib/db/config-cache";
import { toId } from "@/lib/validation/id";

export type MenuNode = {
  id: number;
  parentId: number | null;
  slug: string;
  title: string;
  icon: string | null;
  url: string | null;
  pageTypes: number[];
  allowInAttachment: number | null;
  position: number;
  allowedRoleIds: number[];
  children: MenuNode[];
};

export function canSeeMenu(menu: { allowedRoleIds: readonly number[] }, roleId: number): boolean {
  return menu.allowedRoleIds.length === 0 || menu.allowedRoleIds.includes(roleId);
}

type MenuRow = Omit<MenuNode, "children">;

/** A role's tree: its roots, and every node in it by id (the nodes are the tree's own). */
type RoleTree = { roots: MenuNode[]; byId: ReadonlyMap<number, MenuNode> };

/** Every menu row with its icon, and the visible tree per role built from them on first use. */
type MenuSnapshot = { rows: MenuRow[]; bySlug: Map<string, MenuRow>; trees: Map<number, RoleTree> };

/** What the shell and the editor read of a menu (with its icon's name). */
const menuColumns = {
  id: schema.menus.id,
  parentId: schema.menus.parentId,
  slug: schema.menus.slug,
  title: schema.menus.title,
  icon: schema.icons.url,
  url: schema.menus.url,
  pageTypes: schema.menus.pageTypes,
  allowInAttachment: schema.menus.allowInAttachment,
};

/**
 * The menus, read once per change and kept in memory (lib/db/config-cache.ts): the shell needs them on
 * every page and v1 call. `stamp` is the request's SessionUser.configStamp; without it a small query
 * checks for changes. The result is shared and frozen.
 */
function menuSnapshot(stamp: string | undefined): Promise<MenuSnapshot> {
  return cachedForStamp("menus", stamp, async (db) => {
    const rows = await db
      .select({ ...menuColumns, position: schema.menus.position, allowedRoleIds: schema.menus.allowedRoleIds })
      .from(schema.menus)
      .leftJoin(schema.icons, eq(schema.icons.id, schema.menus.iconId))
      .orderBy(asc(schema.menus.position), asc(schema.menus.id));
    deepFreeze(rows);
    return { rows, bySlug: new Map(rows.map((r) => [r.slug, r])), trees: new Map() };
  });
}

function roleTree(snapshot: MenuSnapshot, roleId: number): RoleTree {
  let tree = snapshot.trees.get(roleId);
  if (tree) return tree;
  const visible = snapshot.rows.filter((r) => canSeeMenu(r, roleId));
  const all = new Map<number, MenuNode>(visible.map((r) => [r.id, { ...r, children: [] }]));
  const roots: MenuNode[] = [];
  for (const node of all.values()) {
    if (node.parentId == null) roots.push(node);
    else all.get(node.parentId)?.children.push(node);
  }
  deepFreeze(roots);
  // Only the nodes reachable from the roots: a menu under a parent the role cannot see is not in it.
  const byId = new Map<number, MenuNode>(roots.flatMap((m) => [m, ...m.children]).map((m) => [m.id, m]));
  tree = { roots, byId };
  snapshot.trees.set(roleId, tree);
  return tree;
}

/**
 * The menu tree a role may see, in position order (sub-menus nested under their parent). Served from
 * memory while the menus are unchanged; pass the session's `configStamp` to skip the change check.
 * The tree is shared and frozen: copy before changing it.
 */
export async function listMenuTree({ roleId, stamp }: { roleId: number; stamp?: string }): Promise<MenuNode[]> {
  return roleTree(await menuSnapshot(stamp), roleId).roots;
}

/** The first menu a role may open (for `/`, `/login` and get_first_menu): first page, not external link. */
export async function getFirstMenuSlug({ roleId, stamp }: { roleId: number; stamp?: string }): Promise<string | null> {
  const tree = await listMenuTree({ roleId, stamp });
  for (const m of tree) {
    if (!m.url) return m.slug;
    const child = m.children.find((c) => !c.url);
    if (child) return child.slug;
  }
  return null;
}

export type MenuLookup =
  | { status: "ok"; menu: MenuNode & { parent: { slug: string; title: string } | null } }
  | { status: "forbidden" }
  | { status: "not_found" };

/** Whether a role may open the menu page with this id (its own roles and its parent's). */
export async function canRoleSeeMenu({
  menuId,
  roleId,
  stamp,
}: {
  menuId: number;
  roleId: number;
  stamp?: string;
}): Promise<boolean> {
  return roleTree(await menuSnapshot(stamp), roleId).byId.has(menuId);
}

export type VisibleMenus = {
  /** Every menu the role may open (the same rule as the sidebar: its own roles and its parent's). */
  all: number[];
  /** Of those, the content pages (no external link, not the calendar): posts, attachments and dates live there. */
  content: number[];
  /** The first calendar page the role may open, where events are shown; null when it may open none. */
  calendarSlug: string | null;
};

/**
 * The menus a role may open, as ids for a query's `menu_id = any(...)` condition (lib/search): the
 * rule is canSeeMenu over the role's tree, served from the same in-memory snapshot as the sidebar.
 */
export async function listVisibleMenus({ roleId, stamp }: { roleId: number; stamp?: string }): Promise<VisibleMenus> {
  const nodes = [...roleTree(await menuSnapshot(stamp), roleId).byId.values()];
  const calendar = nodes.find((m) => !m.url && m.pageTypes.includes(3));
  return {
    all: nodes.map((m) => m.id),
    content: nodes.filter((m) => !m.url && !m.pageTypes.includes(3)).map((m) => m.id),
    calendarSlug: calendar?.slug ?? null,
  };
}

/** One menu page by slug, with its sub-menus, checked against the role (pass `stamp` as for listMenuTree). */
export async function getMenuBySlug({
  slug,
  roleId,
  stamp,
}: {
  slug: string;
  roleId: number;
  stamp?: string;
}): Promise<MenuLookup> {
  const snapshot = await menuSnapshot(stamp);
  const row = snapshot.bySlug.get(slug);
  if (!row) return { status: "not_found" };
  if (!canSeeMenu(row, roleId)) return { status: "forbidden" };
  const { byId } = roleTree(snapshot, roleId);
  const node = byId.get(row.id) ?? { ...row, children: [] };
  const parent = row.parentId ? byId.get(row.parentId) : undefined;
  // A sub-menu under a parent the role cannot see is not reachable either.
  if (row.parentId && !parent) return { status: "forbidden" };
  return { status: "ok", menu: { ...node, parent: parent ? { slug: parent.slug, title: parent.title } : null } };
}

export async function listFeatures() {
  const db = await getDb();
  return db
    .select({ id: schema.features.id, name: schema.features.name })
    .from(schema.features)
    .orderBy(asc(schema.features.id));
}

export async function listPermissions() {
  const db = await getDb();
  return db
    .select({ id: schema.permissions.id, name: schema.permissions.name, label: schema.permissions.label })
    .from(schema.permissions)
    .orderBy(asc(schema.permissions.id));
}

export async function getUserPermissions({ userId }: { userId: number }) {
  const db = await getDb();
  return db
    .select({ id: schema.permissions.id, name: schema.permissions.name })
    .from(schema.userPermissions)
    .innerJoin(schema.permissions, eq(schema.permissions.id, schema.userPermissions.permissionId))
    .where(eq(schema.userPermissions.userId, userId))
    .orderBy(asc(schema.permissions.id));
}

/** One menu as the editor shows it (main menus with their sub-menus). */
export type EditorMenu = {
  id: number;
  parentId: number | null;
  slug: string;
  title: string;
  iconId: number | null;
  icon: string | null;
  url: string | null;
  pageTypes: number[];
  allowInAttachment: number | null;
  isBuiltin: boolean;
  children: EditorMenu[];
};

/** Every menu, whatever its roles, for the editor: main menus in position order, each with its sub-menus. */
export async function listEditorMenus(): Promise<EditorMenu[]> {
  const db = await getDb();
  const rows = await db
    .select({ ...menuColumns, iconId: schema.menus.iconId, isBuiltin: schema.menus.isBuiltin })
    .from(schema.menus)
    .leftJoin(schema.icons, eq(schema.icons.id, schema.menus.iconId))
    .orderBy(asc(schema.menus.position), asc(schema.menus.id));
  const byId = new Map<number, EditorMenu>(rows.map((r) => [r.id, { ...r, children: [] }]));
  const roots: EditorMenu[] = [];
  for (const m of byId.values()) {
    if (m.parentId == null) roots.push(m);
    else byId.get(m.parentId)?.children.push(m);
  }
  return roots;
}

export async function listIcons(): Promise<{ id: number; url: string }[]> {
  const db = await getDb();
  return db.select({ id: schema.icons.id, url: schema.icons.url }).from(schema.icons).orderBy(asc(schema.icons.id));
}

/** The menu an old (renamed-away) slug belongs to now, for the redirect; null when none. */
export async function findRenamedMenuSlug(slug: string): Promise<string | null> {
  const db = await getDb();
  const [row] = await db
    .select({ slug: schema.menus.slug })
    .from(schema.menuSlugHistory)
    .innerJoin(schema.menus, eq(schema.menus.id, schema.menuSlugHistory.menuId))
    .where(and(eq(schema.menuSlugHistory.slug, slug)));
  return row?.slug ?? null;
}

/** The body fields that say what a menu is: its page types (with Allow In Attachment) or a URL, under any of their names. */
const MENU_KIND_FIELDS = ["url", "features", "feature", "page_type", "allow_in_attachment", "attachment"];

/**
 * add_edit_menu's body as stored for the menu an update's raw input names by `id` (null: a new menu, or
 * none by that id), for lib/validation/partial.ts: a field the update leaves out keeps these. What the
 * menu is (page types with Allow In Attachment, or a URL) is one choice: a body that names any part of
 * it, under any of its names, gives the whole (so a URL sent alone still turns a page into a link).
 */
export async function storedMenuBody(input: Record<string, unknown>): Promise<Record<string, unknown> | null> {
  const id = toId(input.id);
  if (id == null) return null;
  const db = await getDb();
  const [m] = await db.select().from(schema.menus).where(eq(schema.menus.id, id)).limit(1);
  if (!m) return null;
  const namesKind = MENU_KIND_FIELDS.some((k) => input[k] !== undefined);
  return {
    id: m.id,
    ...(m.parentId != null && { parent_id: m.parentId }),
    menu_title: m.title,
    icon_id: m.iconId,
    ...(!namesKind && { url: m.url, features: m.pageTypes, allow_in_attachment: m.allowInAttachment }),
  };
}
