"use client";

import { useState, useTransition } from "react";
import Link from "next/link";
import { autoLoginAction } from "@/lib/auth/actions";
import { Button } from "@/components/ui/button";
import { safeCallbackPath } from "@/lib/auth/login-params";

type Props = {
  token: string;
  username: string;
  /** Who is signed in on this browser now, if anyone: the link would switch accounts. */
  signedInAs?: { username: string; name: string };
};

/**
 * The old portal's sign-in link (`/login?token=&username=`): signs in only after the person confirms
 * ('Continue as eve?'), so a link someone else sent cannot sign a browser in, or switch its account,
 * unnoticed. When someone is signed in already it says so; switching ends that session on the server.
 */
export function AutoLogin({ token, username, signedInAs }: Props) {
  const [error, setError] = useState<string>();
  const [pending, startTransition] = useTransition();
  const same = signedInAs?.username.toLowerCase() === username.toLowerCase();

  const confirm = () =>
    startTransition(async () => {
      setError(undefined);
      const res = await autoLoginAction({ token, username });
      if (res.ok) window.location.assign(safeCallbackPath(res.data.redirectTo) ?? "/");
      else setError(res.message);
    });

  if (error) {
    return (
      <div>
        <h2 className="text-2xl font-semibold text-slate-900">Sign in</h2>
        <p role="alert" className="mt-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-700">
          {error}
        </p>
        <Link href="/login" className="mt-4 inline-block text-brand-600 underline">
          Sign in another way
        </Link>
      </div>
    );
  }

  return (
    <div>
      <h2 className="text-2xl font-semibold break-words text-slate-900">Continue as {username}?</h2>
      {signedInAs ? (
        <p role="status" className="mt-4 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          You are signed in as {signedInAs.name} ({signedInAs.username}).{" "}
          {same ? "This link signs you in again." : `Switching signs ${signedInAs.username} out of this browser.`}
        </p>
      ) : (
        <p className="mt-4 text-sm text-slate-700">
          A sign-in link from the old portal opened this page. Continue only if you are {username}.
        </p>
      )}
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center">
        <Button type="button" loading={pending} onClick={confirm} className="sm:flex-1">
          {signedInAs && !same ? `Switch to ${username}` : `Continue as ${username}`}
        </Button>
        <Link href={signedInAs ? "/" : "/login"} className="text-center text-sm text-brand-600 underline sm:flex-1">
          {signedInAs ? `Stay signed in as ${signedInAs.username}` : "Sign in another way"}
        </Link>
      </div>
    </div>
  );
}
