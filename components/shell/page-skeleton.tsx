/**
 * The loading state of a portal page (a segment's loading.tsx renders it). Put loading.tsx only below
 * a layout that already made the page's access and existence checks: a Suspense boundary above
 * notFound()/forbidden()/redirect() would answer 200 instead of 404/403/307.
 */
export function PageSkeleton() {
  return (
    <div role="status" aria-live="polite" className="mx-auto max-w-6xl">
      <span className="sr-only">Loading…</span>
      <div aria-hidden="true" className="animate-pulse motion-reduce:animate-none">
        <div className="h-8 w-64 max-w-full rounded-md bg-slate-200" />
        <div className="mt-3 h-4 w-40 rounded bg-slate-200" />
        <div className="mt-8 space-y-4">
          {[0, 1, 2].map((i) => (
            <div key={i} className="rounded-xl border border-slate-200 bg-white p-5">
              <div className="h-5 w-1/3 rounded bg-slate-200" />
              <div className="mt-4 h-3 w-full rounded bg-slate-100" />
              <div className="mt-2 h-3 w-5/6 rounded bg-slate-100" />
              <div className="mt-2 h-3 w-2/3 rounded bg-slate-100" />
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
