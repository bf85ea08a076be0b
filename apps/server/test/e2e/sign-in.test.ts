import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { createSeededDataDir, DEMO_PASSWORD } from '../helper.ts';
import { startServer, type TServerProcess } from '../server-process.ts';
import { launchChromium, requireBuiltWebApp } from './browser.ts';

describe('sign in and out in Chromium', () => {
  const data = createSeededDataDir('portal-e2e-');
  let server: TServerProcess;
  let browser: Browser;

  beforeAll(async () => {
    requireBuiltWebApp();
    server = await startServer({ DATA_DIR: data.dir });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    data.remove();
  });

  it('lands on /sign-in, signs in to /dashboard with three children, survives a reload, signs out', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.setDefaultTimeout(10_000);
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`);
    });

    await page.goto(`http://mogra.localhost:${server.port}/`);
    await page.waitForURL('**/sign-in');
    await page.getByText('Mogra Demo School').first().waitFor();

    await page.getByLabel('Email or username').fill('parent@mogra.demo');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();

    await page.waitForURL('**/dashboard');
    await page.getByText('Sara Al Mansouri').first().waitFor();
    const children = page.getByRole('radiogroup', { name: 'Your children' }).getByRole('radio');
    await expect.poll(() => children.count(), { timeout: 10_000 }).toBe(3);
    // Choosing a child makes it the selected child, and the choice survives a reload.
    const layla = page.getByRole('radio', { name: 'Layla Khalid Al Mansouri' });
    await page.locator('label', { has: layla }).click(); // the card, as a parent taps it
    await expect.poll(() => layla.isChecked(), { timeout: 10_000 }).toBe(true);

    await page.reload();
    await page.waitForURL('**/dashboard');
    await expect.poll(() => children.count(), { timeout: 10_000 }).toBe(3);
    await expect
      .poll(() => page.getByRole('radio', { name: 'Layla Khalid Al Mansouri' }).isChecked(), {
        timeout: 10_000,
      })
      .toBe(true);

    // Sign-out is in the profile menu, named after the parent.
    await page.getByRole('button', { name: 'Sara Al Mansouri' }).click();
    await page.getByRole('menuitem', { name: 'Sign out', exact: true }).click();
    await page.waitForURL('**/sign-in');
    await page.getByLabel('Email or username').waitFor();

    // The session is gone on the server too: the old page state cannot come back.
    await page.goto(`http://mogra.localhost:${server.port}/dashboard`);
    await page.waitForURL('**/sign-in');
    expect(problems).toEqual([]);
  });

  it('shows the server message for a wrong password, in the page language', async () => {
    const page = await browser.newPage();
    page.setDefaultTimeout(10_000);
    await page.goto(`http://mogra.localhost:${server.port}/sign-in`);
    await page.getByLabel('Email or username').fill('parent@mogra.demo');
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'The email or password is not correct.' }).waitFor();
    expect(page.url()).toContain('/sign-in');
  });
});
