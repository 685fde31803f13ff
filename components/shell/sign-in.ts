/**
 * A 401 means the session is gone: back to the sign-in page (DECISIONS). A full page load on purpose,
 * not the router: nothing the app holds for the old session (router cache, open forms, uploads)
 * carries over to the next one.
 */
export function goToSignIn(): void {
  // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- a full load on purpose (above)
  window.location.assign("/login");
}
