import { connection } from "next/server";
import { redirect } from "next/navigation";
import { getCurrentUser } from "@/lib/auth/guards";
import { config } from "@/lib/config";
import { publicPage } from "@/lib/auth/public-page";
import { loginErrorText, safeCallbackPath, signInNoticeText } from "@/lib/auth/login-params";
import { LoginForm } from "./_components/login-form";
import { AutoLogin } from "./_components/auto-login";
import { personNameOrUsernameOf } from "@/lib/users/display-name";

export const metadata = { title: "Sign in" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * Sign-in (public). A signed-in visitor goes on (to `callbackUrl`, else the first menu page), except
 * with an old-portal sign-in link (`?token=&username=`), which asks first and offers to switch.
 */
export default publicPage(async function LoginPage({ searchParams }: Props) {
  await connection();
  const params = await searchParams;
  const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  const token = one(params.token);
  const username = one(params.username);
  const error = one(params.error);
  const callbackUrl = safeCallbackPath(one(params.callbackUrl)) ?? undefined;
  const current = await getCurrentUser();
  if (!token && current) redirect(callbackUrl ?? "/");
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
        <section className="p-8 md:p-10">
          {token && username ? (
            <AutoLogin
              token={token}
              username={username}
              signedInAs={
                current
                  ? {
                      username: current.username,
                      name: personNameOrUsernameOf(current),
                    }
                  : undefined
              }
            />
          ) : (
            <LoginForm
              ssoEnabled={!!config.oidc}
              initialError={loginErrorText(error)}
              notice={signInNoticeText(one(params.reason))}
              callbackUrl={callbackUrl}
            />
          )}
        </section>
      </div>
    </main>
  );
});
