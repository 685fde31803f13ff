"use client";

import { useEffect, useRef, useState } from "react";
import Link from "next/link";
import { autoLoginAction } from "@/lib/auth/actions";
import { Spinner } from "@/components/ui/button";

/** Signs in automatically with the SSO token from the query, then goes to the first menu page. */
export function AutoLogin({ token, username }: { token: string; username: string }) {
  const [error, setError] = useState<string>();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    autoLoginAction({ token, username }).then((res) => {
      if (res.ok) window.location.assign(res.data.redirectTo);
      else setError(res.message);
    });
  }, [token, username]);
  if (error) {
    return (
      <div>
        <h2 className="text-2xl font-semibold">Sign in</h2>
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
    <p className="flex items-center gap-3 text-slate-700" role="status">
      <Spinner /> Signing you in…
    </p>
  );
}
