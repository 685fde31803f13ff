/**
 * Marks a page as deliberately public (no session needed): the sign-in page. Every other page calls a
 * guard from lib/auth/guards.ts.
 */
export function publicPage<F>(page: F): F {
  return page;
}
