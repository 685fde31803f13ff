"use client";

import Link from "next/link";
import { Button } from "@/components/ui/button";
import { Icon } from "@/components/ui/icon";
import { DATABASE_UNAVAILABLE_DIGEST } from "@/lib/errors";
import type { IconName } from "@/components/ui/icon-names";

/**
 * A full-width message screen (403, 404, empty states): big code, heading, sentence, actions.
 *
 * A client module: every page's server payload carries its layouts' 404 and 403 screens (Next renders
 * them only when a page calls notFound() or forbidden()), so as client components they travel as one
 * reference each instead of their whole element tree.
 */
export function StatusScreen({
  code,
  icon,
  title,
  children,
  actions,
  fullHeight,
}: {
  code?: string;
  icon: IconName;
  title: string;
  children?: React.ReactNode;
  actions?: React.ReactNode;
  fullHeight?: boolean;
}) {
  return (
    <div
      className={`flex flex-col items-center justify-center px-4 py-12 text-center ${fullHeight ? "min-h-dvh" : "min-h-[60vh]"}`}
    >
      <div className="relative">
        <span className="inline-flex h-20 w-20 items-center justify-center rounded-full bg-brand-50 text-brand-600 ring-8 ring-brand-50/60">
          <Icon name={icon} className="h-10 w-10" />
        </span>
      </div>
      {code && (
        <p
          aria-hidden="true"
          className="mt-6 text-6xl font-extrabold tracking-tight text-brand-600 tabular-nums sm:text-7xl"
        >
          {code}
        </p>
      )}
      <h1 className="mt-4 text-2xl font-semibold text-slate-900 sm:text-3xl">{title}</h1>
      {children && <div className="mt-3 max-w-md text-base text-slate-600">{children}</div>}
      {actions && <div className="mt-8 flex flex-wrap items-center justify-center gap-3">{actions}</div>}
    </div>
  );
}

const primaryLinkClass =
  "inline-flex items-center justify-center gap-2 rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white shadow-sm hover:bg-brand-700";

const goHome = (
  <Link href="/" className={primaryLinkClass}>
    Go To Home Page
  </Link>
);

/** The 403 screen (the old portal: 'Oops! 403 Sorry!, You don't have permission to access this page.'). */
export function ForbiddenScreen() {
  return (
    <StatusScreen icon="lock" title="Oops! 403 Sorry!" actions={goHome}>
      <p>You don&apos;t have permission to access this page.</p>
    </StatusScreen>
  );
}

/** The 404 screen (the old portal: 'The page you are looking for does not exist.' and 'Go To Home Page'). */
export function NotFoundScreen({ fullHeight }: { fullHeight?: boolean }) {
  return (
    <StatusScreen code="404" icon="compass" title="Page not found" fullHeight={fullHeight} actions={goHome}>
      <p>The page you are looking for does not exist.</p>
    </StatusScreen>
  );
}

/**
 * The 401 screen. Pages send a signed-out visitor to /login (lib/auth/guards.ts pageGuard) and never
 * raise Next's unauthorized(); this replaces Next's default screen, which every page's payload would
 * otherwise carry for each layout.
 */
export function UnauthorizedScreen({ fullHeight }: { fullHeight?: boolean }) {
  return (
    <StatusScreen
      code="401"
      icon="lock"
      title="Please sign in"
      fullHeight={fullHeight}
      actions={
        // eslint-disable-next-line @next/next/no-html-link-for-pages -- a full load, as goToSignIn (components/shell/sign-in.ts)
        <a href="/login" className={primaryLinkClass}>
          Sign in
        </a>
      }
    >
      <p>Your session has ended. Sign in again to continue.</p>
    </StatusScreen>
  );
}

/**
 * The screen of a page that failed (the error boundaries app/error.tsx and app/(portal)/error.tsx): 'Temporarily
 * unavailable' when the database could not answer (DatabaseUnavailableError's digest; the server answered
 * 503), else 'Something went wrong'. Either way the visitor stays signed in and 'Try again' loads the
 * page's server part afresh (`retry`); nothing navigates away, so what the page's forms hold is kept.
 */
export function ErrorScreen({
  error,
  retry,
  fullHeight,
}: {
  error: Error & { digest?: string };
  retry: () => void;
  fullHeight?: boolean;
}) {
  const database = error.digest === DATABASE_UNAVAILABLE_DIGEST;
  return (
    <StatusScreen
      icon="refresh"
      title={database ? "Temporarily unavailable" : "Something went wrong"}
      fullHeight={fullHeight}
      actions={<Button onClick={() => retry()}>Try again</Button>}
    >
      <p>
        {database
          ? "The portal cannot reach its database right now. You are still signed in; please try again in a moment."
          : "The page could not be loaded. Please try again in a moment."}
      </p>
    </StatusScreen>
  );
}
