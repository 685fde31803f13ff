import { STAFF_FORMS } from "./registry";

/**
 * The staff forms (one key per form; stored in `form_email_mappings.form_key` and `request_events.form`),
 * in the order of the v1 calls' numeric form ids. Each key is registered in lib/forms/registry.ts (a key
 * without its registration does not compile). Shared by the server and the browser.
 */
export const FORM_KEYS = [
  "ro_reversal",
  "tech_time",
  "improvement_suggestion",
  "uniform_request",
  "time_off_request",
] as const;
export type FormKey = (typeof FORM_KEYS)[number];

/** The labels of the 'Request Options' picker (the old portal's screens, form email manager list), in its order. */
export const FORM_LABELS = Object.fromEntries(FORM_KEYS.map((key) => [key, STAFF_FORMS[key].label])) as Record<
  FormKey,
  string
>;

/** The picker's options as the v1 `form/manager/get` call answers them (`text` / `value`). */
export const FORM_OPTIONS = FORM_KEYS.map((value) => ({ value, text: FORM_LABELS[value] }));

export function isFormKey(value: unknown): value is FormKey {
  return typeof value === "string" && (FORM_KEYS as readonly string[]).includes(value);
}

/** The numeric form id of the v1 calls (`form_id`, `formType`): 1-based position in FORM_KEYS. */
export const formIdOf = (key: FormKey) => FORM_KEYS.indexOf(key) + 1;
export const formKeyOf = (id: number): FormKey | null => FORM_KEYS[id - 1] ?? null;
/** The 'Request Options' picker with numeric ids (what `form/manager/get` answers). */
export const FORM_PICKER = FORM_KEYS.map((key) => ({ value: formIdOf(key), key, text: FORM_LABELS[key] }));
