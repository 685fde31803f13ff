import "server-only";
import { notFound } from "next/navigation";
import { AppError } from "@/lib/errors";
import { pageGuard } from "@/lib/auth/guards";

/** The id of an `/edit/{id}` route: digits only, in range; anything else is null (a 404). */
export function formRecordId(raw: string): number | null {
  if (!/^\d{1,10}$/.test(raw)) return null;
  const n = Number(raw);
  return n >= 1 && n <= 2_147_483_647 ? n : null;
}

/** For edit pages: a record load whose 404 renders the 404 page and whose 401/403 pageGuard handles. */
export async function pageRecord<T>(load: Promise<T>): Promise<T> {
  try {
    return await pageGuard(load);
  } catch (err) {
    if (err instanceof AppError && err.status === 404) notFound();
    throw err;
  }
}
