import { z } from "zod";
import { text } from "@/lib/validation/text";

/** The old portal's default colour of a key or group. */
export const DEFAULT_COLOR = "#444444";

export const COLOR_INVALID = "The Color is not a valid colour.";

const HEX = /^#?([0-9a-f]{6}|[0-9a-f]{8})$/i;

/** `#rrggbb` (or `#rrggbbaa` when not opaque), lower case, from a hex string; null when it is not one. */
export function normalizeHex(value: string): string | null {
  const m = HEX.exec(value.trim());
  if (!m) return null;
  const hex = m[1].toLowerCase();
  return `#${hex.length === 8 && hex.endsWith("ff") ? hex.slice(0, 6) : hex}`;
}

/** The old portal's colour object (`color_code_obj`): the colour as hex and as hex8 (with alpha). */
export function colorObject(stored: string): { hex: string; hex8: string } {
  const hex = normalizeHex(stored) ?? DEFAULT_COLOR;
  return { hex: hex.slice(0, 7), hex8: hex.length === 9 ? hex : `${hex}ff` };
}

/**
 * What the old portal sent as `color_code`: the picker's JSON (`{"hex":"#aabbcc","hex8":"#aabbccff",...}`)
 * as an object or as a JSON string, or a bare hex. Anything else (a name, `red`, an rgb() string, a
 * number) is refused with COLOR_INVALID. Answers the stored form (normalizeHex).
 */
export const colorCodeSchema = z
  .union(
    [
      text().max(2000, COLOR_INVALID),
      z
        .object({
          hex8: text({ error: COLOR_INVALID }).max(20, COLOR_INVALID).optional(),
          hex: text({ error: COLOR_INVALID }).max(20, COLOR_INVALID).optional(),
        })
        .loose(),
    ],
    { error: COLOR_INVALID },
  )
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === "") return DEFAULT_COLOR;
    let picked: unknown = value;
    if (typeof picked === "string" && picked.trim().startsWith("{")) {
      try {
        picked = JSON.parse(picked);
      } catch {
        picked = null;
      }
    }
    const candidate =
      typeof picked === "string"
        ? picked
        : picked && typeof picked === "object"
          ? ((picked as { hex8?: unknown }).hex8 ?? (picked as { hex?: unknown }).hex)
          : null;
    const hex = typeof candidate === "string" ? normalizeHex(candidate) : null;
    if (!hex) {
      ctx.addIssue({ code: "custom", message: COLOR_INVALID });
      return z.NEVER;
    }
    return hex;
  });
