/**
 * Screenshots of /sign-in (both tabs, the code step), /register, /forgot-password,
 * /dashboard with the navigation (and the profile menu open), a module page (/agenda), the
 * not-available page (/timetable, for a parent not granted it, e.g. bcad's) and, on the
 * phone, the navigation drawer open, in English and Arabic, light and dark, on a phone
 * (390x844) and a desktop (1366x900), plus the school picker on plain localhost. Also
 * reports console errors, CSP violations, axe findings and the JS loaded by /sign-in.
 * The code step mails a code to an address no account has (the answer is the same).
 *
 * The fee screens, in the same languages, themes and sizes: the dashboard's fees widget,
 * /feepayment (whole, its fee lines at 5, 10, 20 and 50 a page, its payment history), its pay
 * step with one line chosen (the total before paying), the sandbox provider's page,
 * /payment-return while the provider has not answered, after leaving its page and after a
 * successful payment, /topup, /view-fee-invoice, /proformainvoice, /payment-link and
 * /storeInvoice. Each run pays one fee line per combination (use a throwaway data dir).
 *
 *   npx node apps/web/scripts/screenshots.ts http://mogra.localhost:3000 [outDir]
 *   SCREENS=fees npx node apps/web/scripts/screenshots.ts ...   (the fee screens only)
 *   VIEWPORTS=phone LANGUAGES=ar THEMES=dark ...                 (some combinations only)
 *
 * Uses Debian's Chromium (`/usr/bin/chromium`); never downloads a browser.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';

const baseUrl = (process.argv[2] ?? 'http://mogra.localhost:3000').replace(/\/$/, '');
const outDir = process.argv[3] ?? '/tmp/screens';
const username = process.env.PORTAL_USER ?? 'parent@mogra.demo';
const password = process.env.PORTAL_PASSWORD ?? 'Demo-Parent-2026';

/** The names in a comma-separated environment variable, or every one when it is unset. */
function chosen<T extends string>(variable: string, all: readonly T[]): T[] {
  const names = process.env[variable]?.split(',').map((name) => name.trim());
  return names ? all.filter((name) => names.includes(name)) : [...all];
}

const allViewports = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 900 },
] as const;
const viewportNames = chosen(
  'VIEWPORTS',
  allViewports.map((viewport) => viewport.name),
);
const viewports = allViewports.filter((viewport) => viewportNames.includes(viewport.name));
const languages = chosen('LANGUAGES', ['en', 'ar'] as const);
const themes = chosen('THEMES', ['light', 'dark'] as const);
/** `fees`: only the fee screens; `base`: all but them; anything else: everything. */
const only = process.env.SCREENS ?? 'all';

const require = createRequire(import.meta.url);
const axeSource = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

const problems: string[] = [];

function watch(page: Page, label: string): void {
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      problems.push(`${label} console ${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`${label} page error: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400 && !response.url().includes('/api/v1/ppn/auth/login')) {
      problems.push(`${label} HTTP ${response.status()} ${response.url()}`);
    }
  });
}

async function axe(page: Page, label: string): Promise<void> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const run = (
      window as unknown as {
        axe: {
          run: () => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe.run;
    const result = await run();
    return result.violations.map(
      (v) => `${v.impact} ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
  });
  for (const violation of violations) problems.push(`${label} axe: ${violation}`);
}

async function shoot(browser: Browser): Promise<void> {
  for (const viewport of viewports) {
    for (const lng of languages) {
      for (const theme of themes) {
        const label = `${viewport.name}-${lng}-${theme}`;
        const context = await browser.newContext({ viewport, locale: lng === 'ar' ? 'ar-AE' : 'en-GB' });
        await context.addInitScript(
          ({ t, l }) => {
            window.localStorage.setItem('theme', t);
            window.localStorage.setItem('i18nextLng', l);
          },
          { t: theme, l: lng },
        );
        const page = await context.newPage();
        watch(page, label);
        await page.goto(`${baseUrl}/sign-in`, { waitUntil: 'networkidle' });
        await page.getByRole('heading', { level: 1 }).waitFor();
        await page.screenshot({ path: path.join(outDir, `sign-in-${label}.png`), fullPage: true });
        if (theme === 'light') await axe(page, `sign-in ${label}`);

        // The one-time-code tab, then its code step (countdown, notice).
        await page.getByRole('tab').nth(1).click();
        const codePanel = page.locator('[role="tabpanel"]:not([hidden])');
        await codePanel.locator('input[autocomplete~="username"]').waitFor();
        await page.screenshot({ path: path.join(outDir, `sign-in-code-${label}.png`), fullPage: true });
        await codePanel.locator('input[autocomplete~="username"]').fill(`nobody-${label}@example.com`);
        await codePanel.locator('button[type="submit"]').click();
        await codePanel.locator('input[autocomplete="one-time-code"]').waitFor();
        await page.screenshot({ path: path.join(outDir, `sign-in-code-sent-${label}.png`), fullPage: true });
        if (theme === 'light') await axe(page, `sign-in code ${label}`);

        await page.goto(`${baseUrl}/register`, { waitUntil: 'networkidle' });
        await page.locator('input[autocomplete="new-password"]').fill('twelve-chars');
        await page.screenshot({ path: path.join(outDir, `register-${label}.png`), fullPage: true });
        if (theme === 'light') await axe(page, `register ${label}`);

        await page.goto(`${baseUrl}/forgot-password`, { waitUntil: 'networkidle' });
        await page.getByRole('heading', { level: 1 }).waitFor();
        await page.screenshot({ path: path.join(outDir, `forgot-${label}.png`), fullPage: true });
        if (theme === 'light') await axe(page, `forgot ${label}`);

        await page.goto(`${baseUrl}/sign-in`, { waitUntil: 'networkidle' });

        await page.locator('input[autocomplete~="username"]').fill(username);
        await page.locator('input[autocomplete="current-password"]').fill(password);
        await page.locator('button[type="submit"]').click();
        await page.waitForURL('**/dashboard');
        await page.locator('input[type="radio"]:checked').first().waitFor({ state: 'attached' });
        await page.waitForLoadState('networkidle');
        await page.screenshot({ path: path.join(outDir, `dashboard-${label}.png`), fullPage: true });
        if (theme === 'light') await axe(page, `dashboard ${label}`);

        // The profile menu is the header's last menu button (after the child switcher).
        await page.locator('header button[aria-haspopup="menu"]').last().click();
        await page.getByRole('menu').waitFor();
        await page.screenshot({ path: path.join(outDir, `dashboard-menu-${label}.png`) });
        if (theme === 'light') await axe(page, `dashboard menu ${label}`);
        await page.keyboard.press('Escape');

        await page.goto(`${baseUrl}/agenda`, { waitUntil: 'networkidle' });
        await page.getByRole('heading', { level: 1 }).waitFor();
        await page.screenshot({ path: path.join(outDir, `module-${label}.png`), fullPage: true });
        if (theme === 'light') await axe(page, `module ${label}`);

        await page.goto(`${baseUrl}/timetable`, { waitUntil: 'networkidle' });
        await page.getByRole('heading', { level: 1 }).waitFor();
        await page.screenshot({ path: path.join(outDir, `not-available-${label}.png`), fullPage: true });
        if (theme === 'light') await axe(page, `not-available ${label}`);

        if (viewport.name === 'phone') {
          await page.goto(`${baseUrl}/agenda`, { waitUntil: 'networkidle' });
          await page.locator('header button[aria-haspopup="dialog"]').click();
          await page.getByRole('dialog').waitFor();
          await page.screenshot({ path: path.join(outDir, `drawer-${label}.png`) });
          if (theme === 'light') await axe(page, `drawer ${label}`);
        }
        await context.close();
      }
    }
  }
}

/** Opens a signed-in page for one combination of size, language and theme. */
async function signedInPage(
  browser: Browser,
  viewport: (typeof viewports)[number],
  lng: string,
  theme: string,
) {
  const label = `${viewport.name}-${lng}-${theme}`;
  const context = await browser.newContext({ viewport, locale: lng === 'ar' ? 'ar-AE' : 'en-GB' });
  await context.addInitScript(
    ({ t, l }) => {
      window.localStorage.setItem('theme', t);
      window.localStorage.setItem('i18nextLng', l);
    },
    { t: theme, l: lng },
  );
  const page = await context.newPage();
  watch(page, label);
  await page.goto(`${baseUrl}/sign-in`, { waitUntil: 'networkidle' });
  await page.locator('input[autocomplete~="username"]').fill(username);
  await page.locator('input[autocomplete="current-password"]').fill(password);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL('**/dashboard');
  await page.waitForLoadState('networkidle');
  return { context, page, label };
}

/**
 * One part of a page, cut from a full-page shot taken from the top (an element shot, or one
 * taken scrolled down, would have the sticky header drawn over it).
 */
async function shootPart(page: Page, part: Locator, file: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = await part.boundingBox();
  if (!box) throw new Error(`${file}: the part is not visible`);
  await page.screenshot({ path: path.join(outDir, file), fullPage: true, clip: box });
}

async function shootFees(browser: Browser): Promise<void> {
  for (const viewport of viewports) {
    for (const lng of languages) {
      for (const theme of themes) {
        const { context, page, label } = await signedInPage(browser, viewport, lng, theme);
        const shot = async (name: string) => {
          await page.screenshot({ path: path.join(outDir, `${name}-${label}.png`), fullPage: true });
          if (theme === 'light') await axe(page, `${name} ${label}`);
        };
        const widget = page.locator('[data-widget="fees"]');
        await widget.locator('article').first().waitFor();
        await page.waitForFunction(() => !document.querySelector('[data-widget="fees"] [role="status"]'));
        await page.waitForLoadState('networkidle');
        await page.screenshot({ path: path.join(outDir, `dashboard-fees-${label}.png`), fullPage: true });
        await shootPart(page, widget, `fees-widget-${label}.png`);

        await page.goto(`${baseUrl}/feepayment`, { waitUntil: 'networkidle' });
        await page.locator('section[aria-labelledby="fee-lines-title"] table').waitFor();
        await shot('feepayment');
        const history = page.locator('section[aria-labelledby="history-title"]');
        await shootPart(page, history, `fee-history-${label}.png`);

        // This year's lines at each page size the parent can choose.
        const lines = page.locator('section[aria-labelledby="fee-lines-title"]');
        for (const size of ['5', '10', '20', '50']) {
          await lines.locator('select').selectOption(size);
          await shootPart(page, lines, `fee-lines-${size}-${label}.png`);
        }

        // The pay step: the last line still owed, in part where the school allows it (so every
        // combination has something left to pay), and the total before paying.
        await lines.locator('table input[type="checkbox"]:not([disabled])').last().check();
        const pay = page.locator('section[aria-labelledby="pay-title"]');
        const part = pay.locator('input[name="pay-mode"][value="part"]');
        if ((await part.count()) > 0) {
          await part.check();
          await pay.locator('input[inputmode="decimal"]').fill('500');
        }
        await pay.scrollIntoViewIfNeeded();
        await shootPart(page, pay, `pay-total-${label}.png`);
        if (theme === 'light') await axe(page, `pay-total ${label}`);

        // Pay: the sandbox's page; the return page of the payment the provider has not answered
        // yet (still waiting) and as after leaving the provider's page unpaid; then pay.
        let paymentId = '';
        await page.route('**/api/v1/ppn/payments', async (route) => {
          // Fetched from here, outside the browser, where `*.localhost` names do not resolve.
          const url = new URL(route.request().url());
          const headers = { ...route.request().headers(), host: url.host };
          url.hostname = '127.0.0.1';
          const response = await route.fetch({ url: url.href, headers });
          paymentId = ((await response.json()) as { payment: { id: string } }).payment.id;
          await route.fulfill({ response });
        });
        await pay.locator('button').last().click();
        await page.waitForURL('**/sandbox-pay/**');
        await page.unroute('**/api/v1/ppn/payments');
        await page.waitForLoadState('networkidle');
        await page.screenshot({ path: path.join(outDir, `sandbox-${label}.png`), fullPage: true });
        const sandboxUrl = page.url();
        for (const [name, query] of [
          ['payment-return-pending', ''],
          ['payment-return-cancelled', '&cancelled=1'],
        ] as const) {
          await page.goto(`${baseUrl}/payment-return?payment=${paymentId}${query}`);
          await page.locator('#outcome-title').waitFor();
          await page.waitForLoadState('networkidle');
          await shot(name);
        }
        await page.goto(sandboxUrl, { waitUntil: 'networkidle' });
        await page.locator('button.succeed').click();
        await page.waitForURL('**/payment-return?**');
        await page.locator('#outcome-title').waitFor();
        await page.locator('button[aria-busy]').first().waitFor();
        await shot('payment-return');

        for (const [name, route, ready] of [
          ['topup', '/topup', '#top-up-title'],
          ['fee-invoices', '/view-fee-invoice', 'table'],
          ['proforma', '/proformainvoice', 'table'],
          ['payment-links', '/payment-link', 'article'],
          ['store-invoices', '/storeInvoice', 'table'],
        ] as const) {
          await page.goto(`${baseUrl}${route}`, { waitUntil: 'networkidle' });
          await page.locator(ready).first().waitFor();
          await shot(name);
        }
        await context.close();
      }
    }
  }
}

async function firstLoad(browser: Browser): Promise<void> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const scripts: { url: string; bytes: number }[] = [];
  page.on('requestfinished', async (request) => {
    if (request.resourceType() !== 'script') return;
    const sizes = await request.sizes();
    scripts.push({ url: new URL(request.url()).pathname, bytes: sizes.responseBodySize });
  });
  await page.goto(`${baseUrl}/sign-in`, { waitUntil: 'networkidle' });
  await context.close();
  const total = scripts.reduce((sum, script) => sum + script.bytes, 0);
  console.log(
    `JS loaded by /sign-in (as transferred): ${(total / 1024).toFixed(1)} KB in ${scripts.length} files`,
  );
}

async function picker(browser: Browser): Promise<void> {
  const url = new URL(baseUrl);
  url.hostname = 'localhost';
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  watch(page, 'picker');
  await page.goto(`${url.origin}/sign-in`, { waitUntil: 'networkidle' });
  await page.screenshot({ path: path.join(outDir, 'picker-empty.png'), fullPage: true });
  await page.locator('#school-picker').selectOption('bcad');
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: path.join(outDir, 'picker-bcad.png'), fullPage: true });
  await context.close();
}

fs.mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
try {
  await firstLoad(browser);
  if (only !== 'fees') {
    await picker(browser);
    await shoot(browser);
  }
  if (only !== 'base') await shootFees(browser);
} finally {
  await browser.close();
}
console.log(`Screenshots in ${outDir}`);
if (problems.length > 0) {
  console.log(`Problems (${problems.length}):`);
  for (const problem of [...new Set(problems)]) console.log(`  ${problem}`);
}
