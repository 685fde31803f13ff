import { test as setup } from "@playwright/test";
import { LoginPage } from "./pages/login-page";
import { FIRST_MENU, PASSWORD, ROLES, storageStateOf } from "./support/env";

// One signed-in browser state per role, made through the real /login form.
for (const role of ROLES) {
  setup(`sign in as ${role}`, async ({ page }) => {
    const login = new LoginPage(page);
    await login.signInAndLand(role, PASSWORD, FIRST_MENU.slug);
    await page.context().storageState({ path: storageStateOf(role) });
  });
}
