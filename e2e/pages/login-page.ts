import { expect, type Page } from "@playwright/test";

/** The sign-in page (/login): welcome panel, SSO button, username/password form. */
export class LoginPage {
  readonly welcome;
  readonly ssoNote;
  readonly ssoButton;
  readonly username;
  readonly password;
  readonly submit;
  readonly alert;

  constructor(readonly page: Page) {
    this.welcome = page.getByRole("heading", { name: "Welcome to the Staff Portal" });
    this.ssoNote = page.getByText(/out of the single sign-on service.*cookies/i);
    this.ssoButton = page.getByRole("button", { name: "Sign in with SSO" });
    this.username = page.getByLabel("Username");
    this.password = page.getByLabel("Password");
    this.submit = page.getByRole("button", { name: "Sign in", exact: true });
    // Next.js's route announcer is an empty role=alert too: take the one with text.
    this.alert = page.getByRole("alert").filter({ hasText: /\S/ });
  }

  async goto(query = "") {
    await this.page.goto(`/login${query}`);
  }

  /** Fills and submits the username/password form (does not wait for the outcome). */
  async signIn(username: string, password: string) {
    await this.username.fill(username);
    await this.password.fill(password);
    await this.submit.click();
  }

  /** Signs in and waits until the portal has opened `/<slug>`. */
  async signInAndLand(username: string, password: string, slug: string) {
    await this.goto();
    await this.signIn(username, password);
    await expect(this.page).toHaveURL(new RegExp(`/${slug}$`));
  }
}
