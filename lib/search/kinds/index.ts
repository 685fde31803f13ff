import "server-only";
import type { AnyKind } from "../engine";
import type { SearchKind } from "../types";
import { attachmentKind } from "./attachment";
import { eventKind } from "./event";
import { pageKind } from "./page";
import { personKind } from "./person";
import { postKind } from "./post";
import { saveTheDateKind } from "./save-the-date";
import { staffFormKind } from "./staff-form";

/** Every kind the search finds, each defined in its own file. */
export const KINDS: { [K in SearchKind]: AnyKind<K> } = {
  page: pageKind,
  post: postKind,
  attachment: attachmentKind,
  "save-the-date": saveTheDateKind,
  event: eventKind,
  person: personKind,
  form: staffFormKind,
};
