/**
 * The staff forms' no-access panel (spec sections 2 and 6): shown inside the portal instead of a
 * screen the user has no right to (the form email manager without its permission, the uniform list
 * for roles other than 1 and 2). The server renders nothing else, so there is nothing to reveal.
 */
export function NoAccessPanel({ what }: { what: string }) {
  return (
    <section role="alert" aria-labelledby="no-access-title" className="mx-auto max-w-xl rounded-lg border border-amber-200 bg-amber-50 p-6 text-center shadow-sm">
      <h1 id="no-access-title" className="text-xl font-semibold text-amber-900">
        No access
      </h1>
      <p className="mt-2 text-sm text-amber-900">{`You don't have access to ${what}. Ask an administrator if you need it.`}</p>
    </section>
  );
}
