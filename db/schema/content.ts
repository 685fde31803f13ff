import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgEnum,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { UPLOAD_TYPES } from "../../lib/content/constants";
import { cascadingRef, timestamps } from "./_common";

/**
 * Who a post or attachment reaches and when (docs/features/content.md): audience location ids and role ids (an empty
 * list: everyone who can open the menu; both given: people in one of the locations AND of one of the
 * roles), shown from `publish_at` (null: at once) until `expires_at` (null: for good). The visibility
 * predicate (lib/content/visibility.ts) compares them to now() in every read, so nothing has to run
 * for an item to appear or disappear on time. Ids are checked on save (there is no array foreign key);
 * a deleted location or role just matches nobody.
 */
const audienceColumns = () => ({
  audienceLocationIds: integer()
    .array()
    .notNull()
    .default(sql`'{}'::int[]`),
  audienceRoleIds: integer()
    .array()
    .notNull()
    .default(sql`'{}'::int[]`),
  publishAt: timestamp({ withTimezone: true }),
  expiresAt: timestamp({ withTimezone: true }),
  /**
   * Whether anything limits who sees the row (an audience or a schedule). Most rows are for everyone: a
   * list's count is then the index-only count of the menu's rows less the few restricted rows the
   * viewer may not see (lib/content/sql.ts countVisible), read through the `*_menu_restricted_idx` index.
   */
  restricted: boolean()
    .notNull()
    .generatedAlwaysAs(
      sql`(cardinality(audience_location_ids) > 0 or cardinality(audience_role_ids) > 0 or publish_at is not null or expires_at is not null)`,
    ),
});
import { files } from "./files";
import { menus } from "./menus";
import { users } from "./users";

/**
 * Discussions and attachments share one id space, like the old portal's single "sales" table: the v1
 * calls `get_document`, `display_sales_details` and `store_comment` name a row by id alone.
 */
export const contentItemIdSeq = pgSequence("content_item_id_seq");

export const attachmentUploadType = pgEnum("attachment_upload_type", UPLOAD_TYPES);
export const attachmentGroupStatus = pgEnum("attachment_group_status", ["active", "inactive"]);

/** Attachment groups (folders) are shared by every menu; an inactive group is not offered in forms. */
export const attachmentGroups = pgTable(
  "attachment_groups",
  {
    id: serial().primaryKey(),
    name: varchar({ length: 190 }).notNull(),
    colorCode: varchar({ length: 32 }).notNull().default("#444444"),
    status: attachmentGroupStatus().notNull().default("active"),
    createdBy: integer().references(() => users.id, { onDelete: "set null" }),
    updatedBy: integer().references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  // Two groups of one name (in any letter case) would be two folders nobody can tell apart.
  (t) => [index().on(t.status, t.name), uniqueIndex("attachment_groups_name_lower_key").on(sql`lower(${t.name})`)],
);

/** Discussion posts of a menu page (page type 1). */
export const posts = pgTable(
  "posts",
  {
    id: integer()
      .primaryKey()
      .default(sql`nextval('content_item_id_seq')`),
    menuId: cascadingRef(() => menus.id),
    title: varchar({ length: 190 }).notNull(),
    description: text().notNull().default(""),
    pin: boolean().notNull().default(false),
    ...audienceColumns(),
    /** Must read (docs/features/must-read.md): everyone in the audience is asked to acknowledge it, by `due_at` when set. */
    mustRead: boolean().notNull().default(false),
    dueAt: timestamp({ withTimezone: true }),
    /**
     * The acknowledgement round: 'needs acknowledging again' moves it on, so earlier acknowledgements
     * (rows of an older round) stop counting but stay as history.
     */
    ackRound: integer().notNull().default(1),
    /** When 'Remind those who have not read it' last queued mail (at most once a day). */
    remindedAt: timestamp({ withTimezone: true }),
    /**
     * When the post became (or becomes) visible: its date in every list and the Newest/Oldest order
     * (docs/features/content.md). Kept by the trigger `posts_published_at` (migration 0029) on every
     * insert and every change of `publish_at`, whoever writes: the later of creation and `publish_at`;
     * a post already visible keeps it, one hidden until a later moment takes that moment.
     */
    publishedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The last edit through a save (not a pin, a reminder or a mail job): shown as 'Edited' when after publishing. */
    editedAt: timestamp({ withTimezone: true }),
    /** When the must-read's audience was mailed that it is published (lib/content/must-read/reminders.ts); null: not yet. */
    announcedAt: timestamp({ withTimezone: true }),
    createdBy: integer().references(() => users.id, { onDelete: "set null" }),
    updatedBy: integer().references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    // The must-reads (a few hundred among a million posts): the header count and the compliance board.
    index("posts_must_read_idx")
      .on(t.id)
      .where(sql`${t.mustRead}`),
    // The next publish/expiry moment of a menu (when a cached list stops being current).
    index("posts_menu_publish_idx")
      .on(t.menuId, t.publishAt)
      .where(sql`${t.publishAt} is not null`),
    index("posts_menu_expires_idx")
      .on(t.menuId, t.expiresAt)
      .where(sql`${t.expiresAt} is not null`),
    index("posts_menu_restricted_idx")
      .on(t.menuId)
      .where(sql`${t.restricted}`),
    // Pinned first, then Newest/Oldest (published_at) or A-to-Z/Z-to-A (title, case-insensitive). Each
    // order reads its page straight from an index: the ascending index backwards gives "pinned first,
    // descending"; the pin-descending one forwards gives "pinned first, ascending".
    index("posts_menu_published_idx").on(t.menuId, t.pin, t.publishedAt, t.id),
    index("posts_menu_pin_published_idx").on(t.menuId, t.pin.desc().nullsFirst(), t.publishedAt, t.id),
    index("posts_menu_title_idx").on(t.menuId, t.pin, sql`lower(${t.title})`, t.id),
    index("posts_menu_pin_title_idx").on(t.menuId, t.pin.desc().nullsFirst(), sql`lower(${t.title})`, t.id),
    // Search: case-insensitive substring on title and description at a million rows (pg_trgm).
    index("posts_title_trgm_idx").using("gin", t.title.op("gin_trgm_ops")),
    index("posts_description_trgm_idx").using("gin", t.description.op("gin_trgm_ops")),
  ],
);

/** Attachment entries of a menu page (page type 2): one file or one link, optionally in a group. */
export const attachments = pgTable(
  "attachments",
  {
    id: integer()
      .primaryKey()
      .default(sql`nextval('content_item_id_seq')`),
    menuId: cascadingRef(() => menus.id),
    title: varchar({ length: 190 }).notNull(),
    uploadType: attachmentUploadType().notNull(),
    url: varchar({ length: 2048 }),
    groupId: integer().references(() => attachmentGroups.id, { onDelete: "set null" }),
    pin: boolean().notNull().default(false),
    ...audienceColumns(),
    createdBy: integer().references(() => users.id, { onDelete: "set null" }),
    updatedBy: integer().references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    // As for posts, within the top level (group_id null) or one group.
    index("attachments_menu_updated_idx").on(t.menuId, t.groupId, t.pin, t.updatedAt, t.id),
    index("attachments_menu_pin_updated_idx").on(t.menuId, t.groupId, t.pin.desc().nullsFirst(), t.updatedAt, t.id),
    index("attachments_menu_title_idx").on(t.menuId, t.groupId, t.pin, sql`lower(${t.title})`, t.id),
    index("attachments_menu_pin_title_idx").on(
      t.menuId,
      t.groupId,
      t.pin.desc().nullsFirst(),
      sql`lower(${t.title})`,
      t.id,
    ),
    index("attachments_title_trgm_idx").using("gin", t.title.op("gin_trgm_ops")),
    index("attachments_menu_publish_idx")
      .on(t.menuId, t.publishAt)
      .where(sql`${t.publishAt} is not null`),
    index("attachments_menu_expires_idx")
      .on(t.menuId, t.expiresAt)
      .where(sql`${t.expiresAt} is not null`),
    index("attachments_menu_restricted_idx")
      .on(t.menuId, t.groupId)
      .where(sql`${t.restricted}`),
    index().on(t.groupId),
    check("attachments_url_check", sql`${t.uploadType} <> 'url' OR ${t.url} IS NOT NULL`),
  ],
);

/** Save-the-date entries of a menu page (every page type except the calendar). */
export const saveTheDates = pgTable(
  "save_the_dates",
  {
    id: serial().primaryKey(),
    menuId: cascadingRef(() => menus.id),
    title: varchar({ length: 190 }).notNull(),
    description: text().notNull().default(""),
    eventDate: date({ mode: "string" }).notNull(),
    createdBy: integer().references(() => users.id, { onDelete: "set null" }),
    updatedBy: integer().references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    index("save_the_dates_menu_updated_idx").on(t.menuId, t.updatedAt, t.id),
    index("save_the_dates_menu_date_idx").on(t.menuId, t.eventDate),
    index("save_the_dates_title_trgm_idx").using("gin", t.title.op("gin_trgm_ops")),
    index("save_the_dates_description_trgm_idx").using("gin", t.description.op("gin_trgm_ops")),
  ],
);

/** Comments on a discussion post (v1 store_comment). */
export const comments = pgTable(
  "comments",
  {
    id: serial().primaryKey(),
    postId: cascadingRef(() => posts.id),
    comment: text().notNull(),
    createdBy: integer().references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [index().on(t.postId, t.createdAt)],
);

/**
 * A stored file attached to exactly one post, attachment or save-the-date entry: the `files` row
 * (claimed from the uploader's temporary uploads in the save's transaction) plus its storage key,
 * name, size and type as the list shows them. `file_id` is null only for references imported from the
 * old portal without a row of their own.
 */
export const contentDocuments = pgTable(
  "content_documents",
  {
    id: serial().primaryKey(),
    postId: integer().references(() => posts.id, { onDelete: "cascade" }),
    attachmentId: integer().references(() => attachments.id, { onDelete: "cascade" }),
    saveTheDateId: integer().references(() => saveTheDates.id, { onDelete: "cascade" }),
    fileId: integer().references(() => files.id, { onDelete: "cascade" }),
    path: varchar({ length: 1024 }).notNull(),
    name: varchar({ length: 255 }).notNull(),
    size: bigint({ mode: "number" }).notNull().default(0),
    mime: varchar({ length: 190 }).notNull().default(""),
    extension: varchar({ length: 16 }).notNull().default(""),
    position: smallint().notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index().on(t.postId),
    index().on(t.attachmentId),
    index().on(t.saveTheDateId),
    index().on(t.path),
    index().on(t.fileId),
    check("content_documents_one_owner", sql`num_nonnulls(${t.postId}, ${t.attachmentId}, ${t.saveTheDateId}) = 1`),
  ],
);

/**
 * One row: a counter that every committed change to what the content lists show moves on (posts,
 * attachments, save-the-date entries, their documents, attachment groups, editors' names). Triggers
 * (migrations 0005 and 0006) bump it in the writing transaction, before the statement takes its own
 * row locks, so a new value is visible exactly when the change is; the session lookup reads it, and
 * lib/db/config-cache.ts cachedRead keeps a list while it is unchanged, whichever process or tool wrote.
 */
export const contentVersion = pgTable(
  "content_version",
  {
    id: smallint().primaryKey().default(1),
    version: bigint({ mode: "number" }).notNull().default(0),
  },
  (t) => [check("content_version_one_row", sql`${t.id} = 1`)],
);

/**
 * 'I have read and understood this' on a must-read post: one row per person and acknowledgement round
 * (posts.ack_round). A new round leaves the older rows as history.
 */
export const postAcknowledgements = pgTable(
  "post_acknowledgements",
  {
    id: serial().primaryKey(),
    postId: cascadingRef(() => posts.id),
    userId: cascadingRef(() => users.id),
    round: integer().notNull(),
    acknowledgedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("post_acknowledgements_once_idx").on(t.postId, t.round, t.userId),
    index().on(t.userId, t.postId),
  ],
);

/**
 * The automatic must-read mails (lib/content/must-read/reminders.ts), one row per post, kind and person:
 * 'published' (the audience is told when the post becomes visible) and 'due-soon' (a day before it is due,
 * to those who have not acknowledged). The row is inserted in the transaction that queues the mail, and
 * its unique key makes each mail go once per person however many instances run the job.
 */
export const mustReadMailKind = pgEnum("must_read_mail_kind", ["published", "due-soon"]);
export const mustReadMails = pgTable(
  "must_read_mails",
  {
    id: serial().primaryKey(),
    postId: cascadingRef(() => posts.id),
    userId: cascadingRef(() => users.id),
    kind: mustReadMailKind().notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex("must_read_mails_once_idx").on(t.postId, t.kind, t.userId), index().on(t.userId)],
);

/** Who opened a post, first and last time (one upsert per view). */
export const postViews = pgTable(
  "post_views",
  {
    postId: cascadingRef(() => posts.id),
    userId: cascadingRef(() => users.id),
    firstSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] }), index().on(t.userId)],
);
