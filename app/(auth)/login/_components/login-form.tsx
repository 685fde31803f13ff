"use client";

import Link from "next/link";
import { useState, useTransition } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { loginSchema, type LoginInput } from "@/lib/auth/schemas";
import { loginAction, ssoLoginAction } from "@/lib/auth/actions";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/input";
import { fieldBinder } from "@/components/forms/bind-field";
import { safeCallbackPath } from "@/lib/auth/login-params";

type Props = {
  ssoEnabled: boolean;
  initialError?: string;
  /** Why the sign-in page opened (a session that ended), lib/auth/login-params.ts SIGN_IN_NOTICES. */
  notice?: string;
  /** The page to go to after signing in (already checked to be a same-origin path). */
  callbackUrl?: string;
};

export function LoginForm({ ssoEnabled, initialError, notice, callbackUrl }: Props) {
  const [error, setError] = useState<string | undefined>(initialError);
  const [pending, startTransition] = useTransition();
  const [ssoPending, startSso] = useTransition();
  const form = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { username: "", password: "", callbackUrl },
  });
  const bind = fieldBinder(form);

  const submit = form.handleSubmit((values) =>
    startTransition(async () => {
      const res = await loginAction(values);
      if (res.ok) {
        window.location.assign(safeCallbackPath(res.data.redirectTo) ?? "/");
        return;
      }
      for (const [field, messages] of Object.entries(res.fieldErrors ?? {})) {
        form.setError(field as keyof LoginInput, { message: messages[0] });
      }
      setError(res.message);
    }),
  );

  // A new attempt clears the last one's message, also when the browser refuses it (empty fields).
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    setError(undefined);
    return submit(event);
  };

  return (
    <div>
      <h2 className="text-2xl font-semibold text-slate-900">Sign in</h2>
      {notice && !error && (
        <p role="status" className="mt-4 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          {notice}
        </p>
      )}
      {ssoEnabled && (
        <>
          <Button
            type="button"
            className="mt-6 w-full"
            loading={ssoPending}
            onClick={() => startSso(async () => void (await ssoLoginAction({ callbackUrl })))}
          >
            Sign in with SSO
          </Button>
          <div className="my-6 flex items-center gap-3 text-xs text-slate-500 uppercase">
            <span className="h-px flex-1 bg-slate-200" /> or use a portal account{" "}
            <span className="h-px flex-1 bg-slate-200" />
          </div>
        </>
      )}
      <form
        onSubmit={onSubmit}
        noValidate
        className="mt-6 space-y-4"
        aria-describedby={error ? "login-error" : undefined}
      >
        {error && (
          <div
            id="login-error"
            role="alert"
            className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-700"
          >
            {error}
          </div>
        )}
        <Field label="Username" autoComplete="username" maxLength={190} {...bind("username")} />
        <Field label="Password" type="password" autoComplete="current-password" {...bind("password")} />
        <Button type="submit" className="w-full" loading={pending}>
          Sign in
        </Button>
        <p className="text-sm">
          <Link href="/login/forgot" className="text-brand-700 underline">
            Forgot password?
          </Link>
        </p>
      </form>
    </div>
  );
}
