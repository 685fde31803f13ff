import { connection } from "next/server";
import { redirect } from "next/navigation";
import { getCurrentUser } from "@/lib/auth/guards";
import { config } from "@/lib/config";
import { publicPage } from "@/lib/auth/public-page";
import { loginErrorText, safeCallbackPath, signInNoticeText } from "@/lib/auth/login-params";
import { LoginForm } from "./_components/login-form";
import { AutoLogin } from "./_components/auto-login";
import { personNameOrUsernameOf } from "@/lib/users/display-name";
import { AuthCard } from "./_components/auth-card";

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
    <AuthCard>
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
    </AuthCard>
  );
});
