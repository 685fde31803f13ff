"use client";

import Link from "next/link";
import { useState, useTransition } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/input";
import { fieldBinder } from "@/components/forms/bind-field";
import { forgotPasswordAction, setPasswordAction } from "@/lib/users/actions";
import { forgotPasswordSchema, setPasswordSchema, type SetPasswordInput } from "@/lib/users/schemas";

type Mode =
  { kind: "forgot" } | { kind: "set"; token: string; email: string | null } | { kind: "refused"; message: string };

const box = {
  status: "mt-4 rounded-md border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900",
  alert: "mt-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-700",
};

const requestNew = (
  <Link href="/login/forgot" className="text-brand-700 underline">
    Request a new link
  </Link>
);

/** The signed-out password pages: 'Forgot password?', and setting a password through a mailed link. */
export function PasswordLinkForm({ mode }: { mode: Mode }) {
  if (mode.kind === "refused")
    return (
      <div>
        <h2 className="text-2xl font-semibold text-slate-900">Set your password</h2>
        <p role="alert" className={box.alert}>
          {mode.message}
        </p>
        <p className="mt-4 text-sm">{requestNew}</p>
      </div>
    );
  return mode.kind === "forgot" ? <ForgotForm /> : <SetForm token={mode.token} email={mode.email} />;
}

function ForgotForm() {
  const [done, setDone] = useState<string>();
  const [error, setError] = useState<string>();
  const [pending, start] = useTransition();
  const form = useForm<{ email: string }>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: "" },
  });
  const bind = fieldBinder(form);
  const submit = form.handleSubmit((values) =>
    start(async () => {
      setError(undefined);
      const res = await forgotPasswordAction(values);
      if (res.ok) setDone(res.message);
      else setError(res.message);
    }),
  );
  return (
    <div>
      <h2 className="text-2xl font-semibold text-slate-900">Forgot password?</h2>
      <p className="mt-2 text-sm text-slate-600">
        Enter your account&apos;s e-mail address and we will send you a link to set a new password.
      </p>
      {done ? (
        <p role="status" className={box.status}>
          {done}
        </p>
      ) : (
        <form onSubmit={submit} noValidate className="mt-6 space-y-4">
          {error && (
            <p role="alert" className={box.alert}>
              {error}
            </p>
          )}
          <Field label="E-mail" type="email" autoComplete="email" maxLength={190} {...bind("email")} />
          <Button type="submit" className="w-full" loading={pending}>
            Send the link
          </Button>
        </form>
      )}
      <p className="mt-6 text-sm">
        <Link href="/login" className="text-brand-700 underline">
          Back to sign in
        </Link>
      </p>
    </div>
  );
}

function SetForm({ token, email }: { token: string; email: string | null }) {
  const [done, setDone] = useState<string>();
  const [error, setError] = useState<string>();
  const [pending, start] = useTransition();
  const form = useForm<SetPasswordInput>({
    resolver: zodResolver(setPasswordSchema),
    defaultValues: { token, newPassword: "", confirmpassword: "" },
  });
  const bind = fieldBinder(form);
  const submit = form.handleSubmit((values) =>
    start(async () => {
      setError(undefined);
      const res = await setPasswordAction(values);
      if (res.ok) setDone(res.message);
      else setError(res.message);
    }),
  );
  if (done)
    return (
      <div>
        <h2 className="text-2xl font-semibold text-slate-900">Set your password</h2>
        <p role="status" className={box.status}>
          {done}
        </p>
        <p className="mt-4">
          <Link href="/login" className="text-brand-700 underline">
            Sign in
          </Link>
        </p>
      </div>
    );
  return (
    <div>
      <h2 className="text-2xl font-semibold text-slate-900">Set your password</h2>
      {email && <p className="mt-2 text-sm text-slate-600">For {email}. You sign in with this e-mail address.</p>}
      <form onSubmit={submit} noValidate className="mt-6 space-y-4">
        {error && (
          <div role="alert" className={box.alert}>
            {error} {requestNew}
          </div>
        )}
        {email && <input type="hidden" name="username" autoComplete="username" value={email} readOnly />}
        <Field label="New password" type="password" autoComplete="new-password" {...bind("newPassword")} />
        <Field label="Confirm password" type="password" autoComplete="new-password" {...bind("confirmpassword")} />
        <Button type="submit" className="w-full" loading={pending}>
          Set password
        </Button>
      </form>
    </div>
  );
}
