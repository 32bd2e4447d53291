import type { Page } from 'playwright-core';

/** Page model of the staff login form (/pos/login): fills it and submits. */
export async function submitStaffLogin(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}
