import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { createSeededDataDir, DEMO_PASSWORD } from '../helper.ts';
import { startServer, type TServerProcess } from '../server-process.ts';
import { launchChromium, requireBuiltWebApp, STEP_TIME_MS } from './browser.ts';

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
    page.setDefaultTimeout(STEP_TIME_MS);
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
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();

    await page.waitForURL('**/dashboard');
    await page.getByText('Sara Al Mansouri').first().waitFor();
    const children = page.getByRole('region', { name: 'Your children at a glance' }).getByRole('article');
    await expect.poll(() => children.count(), { timeout: 10_000 }).toBe(3);
    // Choosing a child in the header makes it the selected child, and the choice survives a reload.
    await page.getByRole('button', { name: /^Selected child: / }).click();
    await page.getByRole('menuitemradio', { name: /Layla Khalid Al Mansouri/ }).click();
    const layla = page.getByRole('button', { name: 'Selected child: Layla Khalid Al Mansouri' });
    await layla.waitFor();

    await page.reload();
    await page.waitForURL('**/dashboard');
    await expect.poll(() => children.count(), { timeout: 10_000 }).toBe(3);
    await layla.waitFor();

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
    page.setDefaultTimeout(STEP_TIME_MS);
    await page.goto(`http://mogra.localhost:${server.port}/sign-in`);
    await page.getByLabel('Email or username').fill('parent@mogra.demo');
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'The email or password is not correct.' }).waitFor();
    expect(page.url()).toContain('/sign-in');
  });
});
