import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createSeededDataDir, DEMO_PASSWORD } from '../helper.ts';
import { readLatestCode } from '../outbox.ts';
import { startServer, type TServerProcess } from '../server-process.ts';
import { launchChromium, requireBuiltWebApp, STEP_TIME_MS } from './browser.ts';

describe('one-time code, forgotten password and redirectUrl in Chromium', () => {
  const data = createSeededDataDir('portal-e2e-methods-');
  let server: TServerProcess;
  let browser: Browser;
  const origin = () => `http://mogra.localhost:${server.port}`;

  /** A fresh browser context, failing the test on any page error or console error. */
  async function openPage(): Promise<{ page: Page; problems: string[] }> {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.setDefaultTimeout(STEP_TIME_MS);
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      // A refused sign-in is a 401 the browser logs; that is the point of those steps.
      if (message.type() === 'error' && !/status of 401/.test(message.text())) {
        problems.push(`console: ${message.text()}`);
      }
    });
    return { page, problems };
  }

  async function signInWithPassword(page: Page, username: string, password: string): Promise<void> {
    await page.getByLabel('Email or username').fill(username);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  }

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

  it('signs in with a one-time code read from the mail', async () => {
    const { page, problems } = await openPage();
    await page.goto(`${origin()}/sign-in`);
    await page.getByRole('tab', { name: 'One-time code' }).click();
    const panel = page.getByRole('tabpanel', { name: 'Sign in with a one-time code' });
    await panel.getByLabel('Email or username').fill('parent@mogra.demo');
    await panel.getByRole('button', { name: 'Send code' }).click();

    const codeField = panel.getByLabel('6-digit code');
    await codeField.waitFor();
    await panel.getByRole('button', { name: /^Resend code in \d+ s$/ }).waitFor();
    const code = await readLatestCode(data.dir, 'parent@mogra.demo');
    expect(code).toMatch(/^\d{6}$/);
    await codeField.fill(code);
    await panel.getByRole('button', { name: 'Sign in', exact: true }).click();

    await page.getByText('Code accepted. Signing you in…').waitFor();
    await page.waitForURL('**/dashboard');
    await page.getByText('Sara Al Mansouri').first().waitFor();
    expect(problems).toEqual([]);
  });

  it('resets a forgotten password: the new one signs in, the old one no longer does', async () => {
    const username = 'family.haddad@mogra.demo';
    const newPassword = 'a quiet harbour at dawn 2026';
    const { page, problems } = await openPage();
    await page.goto(`${origin()}/sign-in`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/forgot-password');
    // The router changes the address before it shows the page: until the page's own heading is
    // there, "Email or username" is still the sign-in form's field.
    await page.getByRole('heading', { level: 1, name: 'Reset your password' }).waitFor();
    await page.getByLabel('Email or username').fill(username);
    await page.getByRole('button', { name: 'Send code' }).click();

    const codeField = page.getByLabel('6-digit code');
    await codeField.waitFor();
    await codeField.fill(await readLatestCode(data.dir, username));
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Repeat the new password').fill(newPassword);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your password has been changed. Sign in with the new password.').waitFor();
    await page.getByRole('link', { name: 'Go to sign in' }).click();
    await page.waitForURL('**/sign-in');

    await signInWithPassword(page, username, DEMO_PASSWORD);
    await page.getByRole('alert').filter({ hasText: 'The email or password is not correct.' }).waitFor();
    expect(page.url()).toContain('/sign-in');

    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL('**/dashboard');
    expect(problems).toEqual([]);
  });

  it('sends a signed-out visitor to sign-in with redirectUrl, and on to the page after signing in', async () => {
    const { page, problems } = await openPage();
    await page.goto(`${origin()}/dashboard?tab=children`);
    await page.waitForURL((url) => url.pathname === '/sign-in');
    expect(new URL(page.url()).searchParams.get('redirectUrl')).toBe('/dashboard?tab=children');

    await signInWithPassword(page, 'parent@mogra.demo', DEMO_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/dashboard');
    expect(new URL(page.url()).search).toBe('?tab=children');
    await page.getByText('Sara Al Mansouri').first().waitFor();

    // Another origin in redirectUrl is never followed.
    const other = await openPage();
    await other.page.goto(`${origin()}/sign-in?redirectUrl=${encodeURIComponent('//evil.example/x')}`);
    await signInWithPassword(other.page, 'parent@mogra.demo', DEMO_PASSWORD);
    await other.page.waitForURL(`${origin()}/dashboard`);
    expect(problems).toEqual([]);
    expect(other.problems).toEqual([]);
  });
});
