import { sql } from "drizzle-orm";
import { type AnyPgColumn, boolean, index, integer, pgTable, serial, smallint, varchar } from "drizzle-orm/pg-core";
import { cascadingRef, timestamps } from "./_common";

export const icons = pgTable("icons", {
  id: serial().primaryKey(),
  /** Icon key rendered by components/ui/icon.tsx (the old portal stored a CSS class here). */
  url: varchar({ length: 100 }).notNull().unique(),
  ...timestamps,
});

/** Page types: 1 discussion, 2 attachment, 3 calendar. */
export const features = pgTable("features", {
  id: integer().primaryKey(),
  name: varchar({ length: 100 }).notNull(),
  ...timestamps,
});

export const menus = pgTable(
  "menus",
  {
    id: serial().primaryKey(),
    parentId: integer().references((): AnyPgColumn => menus.id, { onDelete: "cascade" }),
    slug: varchar({ length: 190 }).notNull().unique(),
    title: varchar({ length: 190 }).notNull(),
    iconId: integer().references(() => icons.id, { onDelete: "set null" }),
    /** An external link; a menu has either page types or a url. */
    url: varchar({ length: 2048 }),
    pageTypes: integer()
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** 1 link only, 2 document only, 3 both, null none. */
    allowInAttachment: smallint(),
    position: integer().notNull().default(0),
    /** Role ids that may open the page; empty means every signed-in user. */
    allowedRoleIds: integer()
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** Built-in menus (cic-monthly-meetings, calendar) cannot be deleted. */
    isBuiltin: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [index().on(t.parentId, t.position)],
);

/**
 * Slugs a menu had before it was renamed: `/{old slug}` answers a permanent redirect to the menu's
 * current page, so bookmarks keep working. An old slug stays taken (no new menu gets it).
 */
export const menuSlugHistory = pgTable(
  "menu_slug_history",
  {
    id: serial().primaryKey(),
    slug: varchar({ length: 190 }).notNull().unique(),
    menuId: cascadingRef(() => menus.id),
    ...timestamps,
  },
  (t) => [index().on(t.menuId)],
);
