import { test, expect, type APIRequestContext, type Page } from "@playwright/test";
import { FIRST_MENU } from "./env";

/**
 * Journeys that need the shell UI (header dropdown with Logout, the phone menu button) built on the
 * `shell` branch. They are declared `test.fixme` until that branch is merged into this one:
 */
export const shellTest = test;

/** A username the SSO has never seen (the local provider creates it on first sign-in). */
export function newSsoUsername(prefix: string) {
  return `${prefix}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** The signed-in user's role id, as the v1 API reports it for the browser session. */
export async function roleIdOf(request: APIRequestContext): Promise<number> {
  const res = await request.get(`/api/v1/get_menu_details?slug=${FIRST_MENU.slug}`);
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { content: { roles: { id: number } } };
  return body.content.roles.id;
}

/** Signs in at the local SSO's own form (the page the portal sent the browser to). */
export async function signInAtSso(page: Page, username: string) {
  await expect(page.getByRole("heading", { name: "Sign in to the company SSO" })).toBeVisible();
  await page.getByLabel("Username").fill(username);
  await page.getByRole("button", { name: "Continue" }).click();
}
