import type { ReactNode } from "react";

/** The signed-out pages' frame (sign-in, forgot password, set password): the welcome panel and the form. */
export function AuthCard({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center p-4">
      <div className="grid w-full max-w-4xl overflow-hidden rounded-2xl bg-white shadow-xl md:grid-cols-2">
        <section className="bg-brand-900 p-8 text-white md:p-10">
          <h1 className="text-3xl font-semibold">Welcome to the Staff Portal</h1>
          <p className="mt-4 text-brand-100">
            News, documents, the events calendar and staff forms for every dealership and service shop in the group.
          </p>
          <p className="mt-8 rounded-lg bg-white/10 p-4 text-sm text-brand-100">
            Having trouble signing in? Log out of the single sign-on service, clear your browser&apos;s cookies for this
            site, and try again.
          </p>
        </section>
        <section className="p-8 md:p-10">{children}</section>
      </div>
    </main>
  );
}
