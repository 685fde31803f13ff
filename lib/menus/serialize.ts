import type { MenuNode } from "./queries";

const FEATURE_NAMES: Record<number, string> = { 1: "Discussion", 2: "Attachment", 3: "Calendar" };

/** A menu item in the old portal's shape (the v1 contract). */
export function toApiMenu(m: MenuNode, parent?: { slug: string } | null): Record<string, unknown> {
  return {
    id: m.id,
    slug: m.slug,
    parent_id: m.parentId,
    parent_slug: parent?.slug ?? null,
    menu_title: m.title,
    icon_url: m.icon,
    url: m.url,
    page_type: m.pageTypes.join(","),
    features: m.pageTypes.map((id) => ({ id, name: FEATURE_NAMES[id] ?? String(id) })),
    allow_in_attachment: m.allowInAttachment,
    position: m.position,
    sub_menu: m.children.map((c) => toApiMenu(c, m)),
  };
}
