import { connection } from "next/server";
import { publicPage } from "@/lib/auth/public-page";
import { passwordLinkState } from "@/lib/users/password-links";
import { AuthCard } from "../../_components/auth-card";
import { PasswordLinkForm } from "../../_components/password-link-form";

export const metadata = { title: "Set your password" };

type Props = { params: Promise<{ token: string }> };

/**
 * The mailed one-time link (public: the secret in the path is the access). A link that was used, has
 * expired or was replaced says so and offers to request a new one; opening it changes nothing.
 */
export default publicPage(async function SetPasswordPage({ params }: Props) {
  await connection();
  const { token } = await params;
  const state = await passwordLinkState(decodeURIComponent(token).slice(0, 200));
  return (
    <AuthCard>
      <PasswordLinkForm
        mode={state.ok ? { kind: "set", token, email: state.email } : { kind: "refused", message: state.message }}
      />
    </AuthCard>
  );
});
