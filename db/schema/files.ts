import { bigint, char, index, integer, pgEnum, pgTable, serial, varchar } from "drizzle-orm/pg-core";
import { timestamp } from "drizzle-orm/pg-core";
import { cascadingRef, timestamps } from "./_common";
import { users } from "./users";
import { menus } from "./menus";
import type { UploadKindName } from "@/lib/storage/kinds";

export const fileStatus = pgEnum("file_status", ["temporary", "attached"]);

/**
 * Every stored upload. A file is `temporary` from upload until a save references it (`attached`);
 * temporaries nobody claimed within a day are swept (lib/files/sweep.ts), row and bytes.
 */
export const files = pgTable(
  "files",
  {
    id: serial().primaryKey(),
    /** Driver key, e.g. `post/2025/06/<uuid>.pdf` (lib/storage/keys.ts). */
    storageKey: varchar({ length: 200 }).notNull().unique(),
    originalName: varchar({ length: 255 }).notNull(),
    size: bigint({ mode: "number" }).notNull().default(0),
    /** Type detected from the content (magic bytes) where possible, else from the extension. */
    mime: varchar({ length: 190 }).notNull().default("application/octet-stream"),
    sha256: char({ length: 64 }),
    ownerId: integer().references(() => users.id, { onDelete: "set null" }),
    kind: varchar({ length: 32 }).$type<UploadKindName>().notNull(),
    status: fileStatus().notNull().default("temporary"),
    attachedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [index().on(t.status, t.createdAt), index().on(t.ownerId)],
);

export const bannerStatus = pgEnum("banner_status", ["active", "inactive"]);

/** One banner image per menu page. */
export const banners = pgTable(
  "banners",
  {
    id: serial().primaryKey(),
    menuId: integer()
      .notNull()
      .unique()
      .references(() => menus.id, { onDelete: "cascade" }),
    fileId: cascadingRef(() => files.id),
    status: bannerStatus().notNull().default("active"),
    width: integer(),
    height: integer(),
    size: bigint({ mode: "number" }).notNull().default(0),
    ...timestamps,
  },
  (t) => [index().on(t.fileId)],
);
