import { publicPage } from "@/lib/auth/public-page";
import { AuthCard } from "../_components/auth-card";
import { PasswordLinkForm } from "../_components/password-link-form";

export const metadata = { title: "Forgot password" };

/** 'Forgot password?' (public): asks for the account's e-mail; the answer is the same for any address. */
export default publicPage(function ForgotPasswordPage() {
  return (
    <AuthCard>
      <PasswordLinkForm mode={{ kind: "forgot" }} />
    </AuthCard>
  );
});
