import type { z } from "zod";
import { AppError } from "@/lib/errors";

/** zod issues to `{ field: [messages] }`. */
export function fieldErrorsOf(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "_";
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

/**
 * Field errors under the v1 payload's names: `names` maps a form field to its payload name (a nested
 * path keeps its tail: `documents.0.name` → `imagePath.0.name`); a field without one keeps its own.
 */
export function underPayloadNames(
  fieldErrors: Record<string, string[]>,
  names: Record<string, string>,
): Record<string, string[]> {
  const renamed: Record<string, string[]> = {};
  for (const [key, messages] of Object.entries(fieldErrors)) {
    const [head, ...rest] = key.split(".");
    (renamed[[names[head] ?? head, ...rest].join(".")] ??= []).push(...messages);
  }
  return renamed;
}

/** Runs a save; field errors of the service (form names) are answered under the payload's names. */
export async function withPayloadNames<T>(save: Promise<T>, names: Record<string, string>): Promise<T> {
  try {
    return await save;
  } catch (err) {
    if (err instanceof AppError && err.fieldErrors) {
      throw new AppError(err.status, err.message, underPayloadNames(err.fieldErrors, names));
    }
    throw err;
  }
}
