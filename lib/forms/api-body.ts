import { z } from "zod";
import { nullAsEmpty } from "./fields";

/**
 * A v1 body whose field names are the old portal's (`empolyee_name`, `howMuchTimeBilled`...), read
 * into a form's schema with the correct names (DECISIONS: misspellings at the API edge only). `map`
 * is payload name -> form field; 'NULL' and null read as empty; numbers stay numbers, other values
 * become text, so the form schema (text(), idField...) checks them as it checks the form. Field
 * errors come back under the payload's names. `extra` keys are read but not passed on.
 */
export function apiBody<S extends z.ZodType>(
  form: S,
  map: Record<string, string>,
  opts: { defaults?: Record<string, unknown>; extra?: z.ZodRawShape } = {},
) {
  const shape: z.ZodRawShape = Object.fromEntries(Object.keys(map).map((k) => [k, z.unknown().optional()]));
  return z.object({ ...shape, ...(opts.extra ?? {}) }).transform((b, ctx): z.output<S> => {
    const input: Record<string, unknown> = { ...(opts.defaults ?? {}) };
    for (const [api, name] of Object.entries(map)) {
      const v = nullAsEmpty((b as Record<string, unknown>)[api]);
      if (v === undefined) continue;
      input[name] = typeof v === "number" || Array.isArray(v) || (typeof v === "object" && v !== null) ? v : String(v);
    }
    const parsed = form.safeParse(input);
    if (!parsed.success) {
      const back = Object.fromEntries(Object.entries(map).map(([api, name]) => [name, api]));
      for (const issue of parsed.error.issues) {
        const [head, ...rest] = issue.path.map(String);
        ctx.addIssue({ code: "custom", path: [back[head] ?? head, ...rest], message: issue.message });
      }
      return z.NEVER;
    }
    return parsed.data;
  });
}
