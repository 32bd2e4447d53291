import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** Page model of the staff login form (/pos/login): fills it and submits. */
export async function submitStaffLogin(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

/**
 * Closes a dialog or popover with Escape as a person would, once it can hear it: its keydown
 * listener and its focus trap are installed by effects that run after the content is on screen,
 * so an Escape pressed the moment the text shows can fall before them and be lost — the dialog
 * stays open and hides the rest of the page from the accessibility tree (CI failed
 * pos-appointments on it: every later getByRole on the page found nothing). Waits for focus to be
 * inside (the trap's effect runs after the dismiss layer's), presses Escape, and waits until the
 * dialog is gone.
 */
export async function closeWithEscape(page: Page, dialog: Locator): Promise<void> {
  // A short evaluate timeout: a locator waits for its element (30 s by default), longer than the poll.
  const focused = () =>
    dialog.evaluate((el) => el.contains(document.activeElement), null, { timeout: 1_000 }).catch(() => false);
  await expect.poll(focused, { message: 'focus inside the dialog' }).toBe(true);
  await page.keyboard.press('Escape');
  await expect.poll(() => dialog.count(), { message: 'the dialog closed' }).toBe(0);
}
