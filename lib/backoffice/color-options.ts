/**
 * Calendar keys and attachment groups are the same screen twice: a name, a colour and an
 * active/inactive status. Everything that differs between them is in this table, shared by the
 * server (queries, v1 calls) and the browser (the list and form in components/backoffice).
 */
export const COLOR_OPTION_KINDS = ["key", "group"] as const;
export type ColorOptionKind = (typeof COLOR_OPTION_KINDS)[number];

export type ColorOptionTexts = {
  /** The screen's base path: `${path}/list`, `${path}/add`, `${path}/edit/{id}`. */
  path: string;
  /** The list's title and the add/edit form titles. */
  listTitle: string;
  addTitle: string;
  editTitle: string;
  nameLabel: string;
  /** The old portal's message for an empty name. */
  nameRequired: string;
  nameTooLong: string;
  saved: string;
  updated: string;
  notFound: string;
  /** A name already taken (in any letter case): unique per kind. */
  duplicate: (name: string) => string;
  /** The v1 save call's payload name for the name field. */
  nameField: "key_name" | "group_title";
  /** The audit log's entity name. */
  entity: string;
};

export const COLOR_OPTION: Record<ColorOptionKind, ColorOptionTexts> = {
  key: {
    path: "/key",
    listTitle: "Calendar Keys",
    addTitle: "Add Calendar Key",
    editTitle: "Edit Calendar Key",
    nameLabel: "Key Name",
    nameRequired: "The Key Name is Required.",
    nameTooLong: "The Key Name Can Not Be Longer then 190 Character.",
    saved: "Key Added Successfully",
    updated: "Key Updated Successfully",
    notFound: "The key does not exist.",
    duplicate: (name) => `A calendar key named '${name}' already exists.`,
    nameField: "key_name",
    entity: "calendar_key",
  },
  group: {
    path: "/attachment-group",
    listTitle: "Attachment Groups",
    addTitle: "Add Attachment Group",
    editTitle: "Edit Attachment Group",
    nameLabel: "Name",
    nameRequired: "The Name is Required.",
    nameTooLong: "The Name Can Not Be Longer then 190 Character.",
    saved: "Group Added Successfully",
    updated: "Group Updated Successfully",
    notFound: "The attachment group does not exist.",
    duplicate: (name) => `An attachment group named '${name}' already exists.`,
    nameField: "group_title",
    entity: "attachment_group",
  },
};

export const COLOR_OPTION_NAME_MAX = 190;

/** The toggle's message: 'Calendar Key Status Changed Successfully'. */
export const statusChangedMessage = (kind: ColorOptionKind) =>
  `${COLOR_OPTION[kind].listTitle.replace(/s$/, "")} Status Changed Successfully`;

/** One key or group as the list and the v1 calls show it. */
export type ColorOptionRow = { id: number; name: string; colorCode: string; status: "active" | "inactive" };

/** The v1 shape (get_meeting_list, attachment_group_list, the toggles' refreshed list). */
export type ApiColorOption = {
  value: number;
  text: string;
  color_code: string;
  color_code_obj: { hex: string; hex8: string };
  status: "active" | "inactive";
};
