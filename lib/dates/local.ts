import { MONTH_NAMES } from "./civil";

/** The old portal's date formats (date-fns patterns on the server; `formatLocal` in the browser). */
export const DATE_PATTERNS = { long: "d MMMM, yyyy", time: "hh:mm a", us: "MM/dd/yyyy" } as const;
export type DateKind = keyof typeof DATE_PATTERNS;

const two = (n: number) => String(n).padStart(2, "0");

/**
 * The three formats in the runtime's local time zone, without a date library (this runs in the
 * browser on every content page, where each kilobyte counts). Same output as date-fns with
 * DATE_PATTERNS (see dates.test.ts).
 */
export function formatLocal(date: Date, kind: DateKind): string {
  if (kind === "long") return `${date.getDate()} ${MONTH_NAMES[date.getMonth()]}, ${date.getFullYear()}`;
  if (kind === "us") return `${two(date.getMonth() + 1)}/${two(date.getDate())}/${date.getFullYear()}`;
  const h = date.getHours();
  return `${two(h % 12 || 12)}:${two(date.getMinutes())} ${h < 12 ? "AM" : "PM"}`;
}
