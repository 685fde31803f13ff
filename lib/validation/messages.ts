import { z } from "zod";

/**
 * The message of a validation failure that no schema wrote a text for: a value of the wrong kind in
 * an API payload ('abc' for an id, a number for a name, a list for a title), a missing field, a
 * number out of range. zod's own texts ('Too small: expected number to be >0', 'Invalid input')
 * mean nothing to the person who sent the value; these name the field and say what it takes. The
 * the old portal's messages stay where a schema gives them: zod asks this only when the schema has none.
 * Installed once for every parse, in the browser and on the server (`text()` and the entry-point
 * wrappers import this module).
 */

/** Misspellings the v1 payload keeps (docs/decisions.md: at the API edge only); the messages spell them right. */
const SPELLING: Record<string, string> = { empolyee: "employee", salest: "sales" };

/** 'menu_title' / 'employeeName' / 'shopTimeObjects.0.timeIn' -> 'Menu title' / 'Employee name' / 'Time in'. */
export function fieldLabel(path: readonly PropertyKey[]): string {
  const key = [...path].reverse().find((p) => typeof p === "string" && p !== "");
  if (typeof key !== "string") return "The value";
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((w) => SPELLING[w.toLowerCase()] ?? w.toLowerCase());
  if (words.length === 1 && words[0] === "id") return "The id";
  const label = words
    .join(" ")
    .replace(/\bid\b/g, "ID")
    .replace(/\bids\b/g, "IDs")
    .replace(/\barr\b/g, "list");
  return label.charAt(0).toUpperCase() + label.slice(1);
}

const plural = (n: number | bigint, one: string, many = `${one}s`) => `${n} ${Number(n) === 1 ? one : many}`;

type Issue = z.core.$ZodRawIssue;

/** A readable message for an issue (see above). */
export function fallbackMessage(issue: Issue): string {
  const label = fieldLabel(issue.path ?? []);
  const root = !issue.path?.length;
  switch (issue.code) {
    case "invalid_type": {
      if (issue.input === undefined || issue.input === null || issue.expected === "nonoptional")
        return root ? "The request has no data." : `${label} is required.`;
      if (root && (issue.expected === "object" || issue.expected === "record"))
        return "The request's data must be a JSON object of named fields.";
      switch (issue.expected) {
        case "string":
          return `${label} must be text.`;
        case "number":
        case "bigint":
          return `${label} must be a number.`;
        case "int":
          return `${label} must be a whole number.`;
        case "boolean":
          return `${label} must be true or false.`;
        case "array":
          return `${label} must be a list.`;
        case "object":
        case "record":
        case "map":
          return `${label} must be a set of named values.`;
        case "date":
          return `${label} must be a date.`;
        default:
          return `${label} is not valid.`;
      }
    }
    case "too_small": {
      const min = issue.minimum as number | bigint;
      if (issue.origin === "string")
        return Number(min) <= 1
          ? `${label} is required.`
          : `${label} must be at least ${plural(min, "character")} long.`;
      if (issue.origin === "array" || issue.origin === "set") return `${label} needs at least ${plural(min, "item")}.`;
      return issue.inclusive === false ? `${label} must be more than ${min}.` : `${label} must be at least ${min}.`;
    }
    case "too_big": {
      const max = issue.maximum as number | bigint;
      if (issue.origin === "string") return `${label} Can Not Be Longer Than ${max} Characters.`;
      if (issue.origin === "array" || issue.origin === "set")
        return `${label} can have at most ${plural(max, "item")}.`;
      return issue.inclusive === false ? `${label} must be less than ${max}.` : `${label} must be at most ${max}.`;
    }
    case "invalid_value": {
      const values = issue.values.map((v) => String(v));
      return values.length === 1 ? `${label} must be ${values[0]}.` : `${label} must be one of: ${values.join(", ")}.`;
    }
    case "invalid_format":
      if (issue.format === "email") return `${label} must be a valid e-mail address.`;
      if (issue.format === "url") return `${label} must be a valid web address.`;
      return `${label} is not in the expected format.`;
    case "not_multiple_of":
      return `${label} must be a multiple of ${issue.divisor}.`;
    case "unrecognized_keys":
      return `Unknown ${issue.keys.length === 1 ? "field" : "fields"}: ${issue.keys.join(", ")}.`;
    default:
      return `${label} is not valid.`;
  }
}

z.config({ customError: fallbackMessage });
