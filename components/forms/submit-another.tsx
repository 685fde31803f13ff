"use client";

import Link from "next/link";
import { useSearchParams } from "next/navigation";

/** The query a staff form's Save adds to the new record's page (components/forms/staff-form-shell.tsx). */
export const SAVED_PARAM = "saved";

/**
 * 'Submit another' on a record's page just after its form saved it (`?saved=1`): the form's add page,
 * which starts filled from the profile again (docs/features/staff-forms.md).
 */
export function SubmitAnother({ href }: { href: string }) {
  // Null outside the App Router (a test's render): nothing was just saved there.
  const saved = (useSearchParams()?.get(SAVED_PARAM) ?? null) !== null;
  if (!saved) return null;
  return (
    <Link
      href={href}
      prefetch={false}
      className="inline-flex items-center rounded-md border border-brand-600 bg-white px-4 py-2 text-sm font-medium text-brand-700 hover:bg-brand-50"
    >
      Submit another
    </Link>
  );
}
