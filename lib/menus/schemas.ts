import { z } from "zod";
import { line, text } from "@/lib/validation/text";
import { idSchema, optionalIdSchema } from "@/lib/validation/id";

/** The menu editor's messages (the old portal's messages and rules). */
export const MENU_TEXTS = {
  nameRequired: "The Menu Name Field Is Required.",
  subNameRequired: "The Sub Menu Name field is Required.",
  nameTooLong: "Menu Name Can Not Be Longer then 190 Character.",
  urlInvalid: "Enter Valid URL.",
  urlNoProtocol: "The URL field is not a valid URL.",
  typesAndUrl: "A menu has either page types or a URL, not both.",
  typeThreeAlone: "Page types Discussion and Attachment cannot be combined with Calendar.",
  attachmentNeedsType2: "Allow In Attachment needs the Attachment page type.",
  builtinTypes: "The page types of a built-in menu cannot be changed.",
  builtinDelete: "A built-in menu cannot be deleted.",
  deleteTitle: "Are you sure?",
  deleteText: "You won't be able to revert this!",
  notFound: "The menu does not exist.",
  saved: "Menu Added Successfully",
  updated: "Menu Updated Successfully",
  deleted: "Menu Deleted Successfully",
  reordered: "Menu Position Changed Successfully",
} as const;

export const MENU_TITLE_MAX = 190;
export const MENU_URL_MAX = 2048;
/** Page types: 1 discussion, 2 attachment, 3 calendar. */
export const PAGE_TYPES = [
  { id: 1, name: "Discussion" },
  { id: 2, name: "Attachment" },
  { id: 3, name: "Calendar" },
] as const;
/** Allow In Attachment options: 1 URL, 2 Document (3 = both, stored). */
export const ATTACHMENT_OPTIONS = [
  { id: 1, name: "URL" },
  { id: 2, name: "Document" },
] as const;

const ID_INVALID = "The id is not valid.";

/**
 * Checks a menu URL. 'Enter Valid URL.' when it does not look like a web address at all (or uses a
 * scheme other than http/https: `javascript:`, `data:`); 'The URL field is not a valid URL.' when it
 * does but has no protocol (`www.example.com`). Answers null when valid.
 */
export function menuUrlError(value: string): string | null {
  const v = value.trim();
  if (/^https?:\/\//i.test(v)) {
    try {
      const u = new URL(v);
      return u.hostname.includes(".") || u.hostname === "localhost" ? null : MENU_TEXTS.urlInvalid;
    } catch {
      return MENU_TEXTS.urlInvalid;
    }
  }
  if (/^[a-z][a-z0-9+.-]*:/i.test(v) && !/^[^:/]+\.[^:/]+:\d/.test(v)) return MENU_TEXTS.urlInvalid; // another scheme
  return /^(\/\/)?[\w-]+(\.[\w-]+)+(:\d+)?([/?#]\S*)?$/.test(v) ? MENU_TEXTS.urlNoProtocol : MENU_TEXTS.urlInvalid;
}

/** A list of page type ids from `[1, 2]`, `["1"]`, `"1,2"` or `[{ id: 1 }]` (the old portal sent each). */
const idList = (allowed: readonly number[], message: string) =>
  z.preprocess(
    (v) => {
      if (v === undefined || v === null || v === "") return [];
      const list = typeof v === "string" ? v.split(",") : typeof v === "number" ? [v] : v;
      return Array.isArray(list)
        ? list.map((x) => (x && typeof x === "object" && "id" in x ? (x as { id: unknown }).id : x))
        : list;
    },
    z
      .array(
        z.coerce.number({ error: message }).refine((n) => allowed.includes(n), message),
        { error: message },
      )
      .max(10, message)
      .transform((l) => [...new Set(l)].sort()),
  );

/**
 * add_edit_menu's body: menu_title, icon_id, url, features (or feature / page_type), allow_in_attachment
 * (or attachment: a list of 1/2, or 1/2/3), id when editing, parent_id for a sub-menu. menu_slug is
 * read but not trusted: the slug is made from the title on the server.
 */
export const addEditMenuBody = z
  .object({
    id: optionalIdSchema(ID_INVALID),
    parent_id: optionalIdSchema("The parent menu is not valid."),
    menu_title: line("Menu Name").optional(),
    icon_id: optionalIdSchema("The icon is not valid."),
    menu_slug: text().max(190).optional(),
    url: text().max(MENU_URL_MAX, MENU_TEXTS.urlInvalid).optional().nullable(),
    features: idList([1, 2, 3], "The page type is not valid.").optional(),
    feature: idList([1, 2, 3], "The page type is not valid.").optional(),
    page_type: idList([1, 2, 3], "The page type is not valid.").optional(),
    allow_in_attachment: z.preprocess(
      (v) => (v === 3 || v === "3" ? [1, 2] : v),
      idList([1, 2], "The Allow In Attachment option is not valid.").optional(),
    ),
    attachment: z.preprocess(
      (v) => (v === 3 || v === "3" ? [1, 2] : v),
      idList([1, 2], "The Allow In Attachment option is not valid.").optional(),
    ),
  })
  .superRefine((b, ctx) => {
    const title = (b.menu_title ?? "").trim();
    if (!title)
      ctx.addIssue({
        code: "custom",
        path: ["menu_title"],
        message: b.parent_id ? MENU_TEXTS.subNameRequired : MENU_TEXTS.nameRequired,
      });
    else if (title.length > MENU_TITLE_MAX)
      ctx.addIssue({ code: "custom", path: ["menu_title"], message: MENU_TEXTS.nameTooLong });
    const url = (b.url ?? "").trim();
    const types = b.features ?? b.feature ?? b.page_type ?? [];
    const attach = b.allow_in_attachment ?? b.attachment ?? [];
    if (url) {
      const err = menuUrlError(url);
      if (err) ctx.addIssue({ code: "custom", path: ["url"], message: err });
      if (types.length) ctx.addIssue({ code: "custom", path: ["features"], message: MENU_TEXTS.typesAndUrl });
    }
    if (types.includes(3) && (types.includes(1) || types.includes(2)))
      ctx.addIssue({ code: "custom", path: ["features"], message: MENU_TEXTS.typeThreeAlone });
    if (attach.length && !types.includes(2))
      ctx.addIssue({ code: "custom", path: ["allow_in_attachment"], message: MENU_TEXTS.attachmentNeedsType2 });
  })
  .transform((b) => {
    const attach = b.allow_in_attachment ?? b.attachment ?? [];
    const types = b.features ?? b.feature ?? b.page_type;
    return {
      id: b.id,
      parentId: b.parent_id,
      title: (b.menu_title ?? "").trim(),
      iconId: b.icon_id ?? null,
      url: (b.url ?? "").trim() || null,
      /** undefined when the call named no page types (an edit that leaves them as they are). */
      pageTypes: types,
      allowInAttachment: attach.length === 2 ? 3 : attach.length === 1 ? attach[0] : null,
    };
  });
export type MenuInput = z.output<typeof addEditMenuBody>;

/**
 * change_menu_position's body: `menu_data`, the menus of one level in their new order (ids, or
 * objects with `id`), and `parent_id` for a sub-menu list (none: the main menus).
 */
export const changeMenuPositionBody = z.object({
  parent_id: optionalIdSchema("The parent menu is not valid."),
  menu_data: z.preprocess(
    (v) =>
      Array.isArray(v) ? v.map((x) => (x && typeof x === "object" && "id" in x ? (x as { id: unknown }).id : x)) : v,
    z
      .array(idSchema("The menu list is not valid."), { error: "The menu list is not valid." })
      .min(1, "The menu list is not valid.")
      .max(1000, "The menu list is not valid."),
  ),
});

/**
 * delete_menu's body: `id`; when the menu (or its sub-menus) still holds posts, attachments or
 * save-the-date entries, `content_action` says what happens to them: `move` (to `move_to`) or `delete`
 * (their files too).
 */
export const deleteMenuBody = z
  .object({
    id: idSchema(ID_INVALID),
    content_action: z.enum(["move", "delete"], { error: "The content action must be move or delete." }).optional(),
    move_to: optionalIdSchema("The menu to move to is not valid."),
  })
  .refine((b) => b.content_action !== "move" || b.move_to !== undefined, {
    path: ["move_to"],
    message: "Choose the menu to move the content to.",
  });
