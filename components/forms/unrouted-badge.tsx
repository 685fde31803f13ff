/**
 * Flags a submission that no form email mapping routed (nobody but the manager and the submitter got
 * its mail): administrators see it on the lists. Renders nothing for a routed one.
 */
export function UnroutedBadge({ routed }: { routed: boolean }) {
  if (routed) return null;
  return (
    <span
      className="ml-2 inline-flex items-center rounded-full border border-amber-300 bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900"
      title="No form email mapping existed for this form and location when it was submitted"
    >
      Unrouted
    </span>
  );
}
