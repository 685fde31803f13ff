import { z } from "zod";
import { line, text } from "@/lib/validation/text";
import { COLOR_INVALID, colorCodeSchema } from "./color";
import { COLOR_OPTION, COLOR_OPTION_NAME_MAX, type ColorOptionKind } from "./color-options";
import { idSchema, optionalIdSchema } from "@/lib/validation/id";

const ID_INVALID = "The id is not valid.";
export const optionalId = optionalIdSchema(ID_INVALID);

function nameSchema(kind: ColorOptionKind) {
  const t = COLOR_OPTION[kind];
  return line(t.nameLabel, { error: t.nameRequired })
    .trim()
    .min(1, t.nameRequired)
    .max(COLOR_OPTION_NAME_MAX, t.nameTooLong);
}

/**
 * The save call's body for a kind: the name under its v1 payload name (`key_name`, `group_title`),
 * `color_code` (lib/backoffice/color.ts) and `id` when editing. Answers `{ id?, name, colorCode }`.
 */
export function saveColorOptionBody(kind: ColorOptionKind) {
  const t = COLOR_OPTION[kind];
  return z
    .object({ id: optionalId, color_code: colorCodeSchema })
    .extend({ [t.nameField]: nameSchema(kind) } as Record<typeof t.nameField, ReturnType<typeof nameSchema>>)
    .transform((b) => ({ id: b.id, name: b[t.nameField], colorCode: b.color_code }));
}

/** The toggle call's body: `{ id }`. */
export const toggleColorOptionBody = z.object({ id: idSchema(ID_INVALID) });

/** The add/edit form (browser and server alike): the name and the picked colour as `#rrggbb`. */
export function colorOptionFormSchema(kind: ColorOptionKind) {
  return z.object({
    name: nameSchema(kind),
    color: text().regex(/^#[0-9a-f]{6}([0-9a-f]{2})?$/i, COLOR_INVALID),
  });
}
export type ColorOptionFormValues = z.infer<ReturnType<typeof colorOptionFormSchema>>;

/** The save action's input: the form's values and `id` when editing. */
export function saveColorOptionInput(kind: ColorOptionKind) {
  return colorOptionFormSchema(kind).extend({ id: optionalId });
}
