import { asc, eq } from "drizzle-orm";
import { cache } from "react";
import { getDb, schema } from "@/lib/db";

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

export function canSeeMenu(menu: { allowedRoleIds: number[] }, roleId: number): boolean {
  return menu.allowedRoleIds.length === 0 || menu.allowedRoleIds.includes(roleId);
}

/**
 * The menu tree a role may see, in position order (one query; sub-menus nested under their parent).
 * Memoised per request.
 */
export const listMenuTree = cache(async ({ roleId }: { roleId: number }): Promise<MenuNode[]> => {
  const db = await getDb();
  const rows = await db
    .select({
      id: schema.menus.id,
      parentId: schema.menus.parentId,
      slug: schema.menus.slug,
      title: schema.menus.title,
      icon: schema.icons.url,
      url: schema.menus.url,
      pageTypes: schema.menus.pageTypes,
      allowInAttachment: schema.menus.allowInAttachment,
      position: schema.menus.position,
      allowedRoleIds: schema.menus.allowedRoleIds,
    })
    .from(schema.menus)
    .leftJoin(schema.icons, eq(schema.icons.id, schema.menus.iconId))
    .orderBy(asc(schema.menus.position), asc(schema.menus.id));
  const visible = rows.filter((r) => canSeeMenu(r, roleId));
  const byId = new Map<number, MenuNode>(visible.map((r) => [r.id, { ...r, children: [] }]));
  const roots: MenuNode[] = [];
  for (const node of byId.values()) {
    if (node.parentId == null) roots.push(node);
    else byId.get(node.parentId)?.children.push(node);
  }
  return roots;
});

/** The first menu a role may open (for `/`, `/login` and get_first_menu): first page, not external link. */
export async function getFirstMenuSlug({ roleId }: { roleId: number }): Promise<string | null> {
  const tree = await listMenuTree({ roleId });
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

/** One menu page by slug, with its sub-menus, checked against the role. */
export const getMenuBySlug = cache(async ({ slug, roleId }: { slug: string; roleId: number }): Promise<MenuLookup> => {
  const db = await getDb();
  const [row] = await db
    .select({
      id: schema.menus.id,
      parentId: schema.menus.parentId,
      slug: schema.menus.slug,
      title: schema.menus.title,
      icon: schema.icons.url,
      url: schema.menus.url,
      pageTypes: schema.menus.pageTypes,
      allowInAttachment: schema.menus.allowInAttachment,
      position: schema.menus.position,
      allowedRoleIds: schema.menus.allowedRoleIds,
    })
    .from(schema.menus)
    .leftJoin(schema.icons, eq(schema.icons.id, schema.menus.iconId))
    .where(eq(schema.menus.slug, slug))
    .limit(1);
  if (!row) return { status: "not_found" };
  if (!canSeeMenu(row, roleId)) return { status: "forbidden" };
  const tree = await listMenuTree({ roleId });
  const flat = tree.flatMap((m) => [m, ...m.children]);
  const node = flat.find((m) => m.id === row.id) ?? { ...row, children: [] };
  const parent = row.parentId ? flat.find((m) => m.id === row.parentId) : undefined;
  // A sub-menu under a parent the role cannot see is not reachable either.
  if (row.parentId && !parent) return { status: "forbidden" };
  return { status: "ok", menu: { ...node, parent: parent ? { slug: parent.slug, title: parent.title } : null } };
});

export async function listFeatures() {
  const db = await getDb();
  return db.select({ id: schema.features.id, name: schema.features.name }).from(schema.features).orderBy(asc(schema.features.id));
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

