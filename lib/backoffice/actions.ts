"use server";
import { headers } from "next/headers";
import { createAction } from "@/lib/actions/action";
import type { SessionUser } from "@/lib/auth/session";
import { requestIdFrom } from "@/lib/log";
import { normalizeHex } from "./color";
import { statusChangedMessage, type ColorOptionKind } from "./color-options";
import { saveColorOption, toggleColorOptionStatus } from "./mutations";
import { saveColorOptionInput, toggleColorOptionBody } from "./schemas";
import { storedColorOption } from "./queries";

const ADMIN = { capability: "manageBackOffice" } as const;

async function save(kind: ColorOptionKind, input: { id?: number; name: string; color: string }, user: SessionUser) {
  const saved = await saveColorOption(
    kind,
    { id: input.id, name: input.name, colorCode: normalizeHex(input.color)! },
    { id: user.id, requestId: requestIdFrom(await headers()) },
  );
  return { ok: true as const, data: { id: saved.row.id }, message: saved.message };
}

async function toggle(kind: ColorOptionKind, id: number, user: SessionUser) {
  await toggleColorOptionStatus(kind, id, { id: user.id, requestId: requestIdFrom(await headers()) });
  return { ok: true as const, data: undefined, message: statusChangedMessage(kind) };
}

/** Add or edit a calendar key (administrators); the same service as v1 savemeetingkey. */
export const saveCalendarKeyAction = createAction(
  ADMIN,
  saveColorOptionInput("key"),
  (input, user) => save("key", input, user),
  {
    stored: storedColorOption("key", "form"),
  },
);

/** Add or edit an attachment group (administrators); the same service as v1 savegroup. */
export const saveAttachmentGroupAction = createAction(
  ADMIN,
  saveColorOptionInput("group"),
  (input, user) => save("group", input, user),
  {
    stored: storedColorOption("group", "form"),
  },
);

/** Active to inactive and back, a calendar key (administrators); as v1 changemeetingstatus. */
export const toggleCalendarKeyAction = createAction(ADMIN, toggleColorOptionBody, (input, user) =>
  toggle("key", input.id, user),
);

/** Active to inactive and back, an attachment group (administrators); as v1 changeattachmentstatus. */
export const toggleAttachmentGroupAction = createAction(ADMIN, toggleColorOptionBody, (input, user) =>
  toggle("group", input.id, user),
);
