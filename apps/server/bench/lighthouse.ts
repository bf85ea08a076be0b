// Lighthouse (mobile profile, its default) on the sign-in page and, signed in, on the
// dashboard and the heaviest module pages (web-size.ts finds them): Debian's Chromium started by chrome-launcher, driven through puppeteer-core
// connected to it. The dashboard's session lives in the tab's sessionStorage, so the parent
// signs in through the page in the very tab Lighthouse then audits, with storage kept.
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { DEMO_PASSWORD } from '../test/helper.ts';
import type { TReport } from './report.ts';

const CHROMIUM = '/usr/bin/chromium';
const SECTION = 'Lighthouse (mobile)';
const PERFORMANCE_BUDGET = 95;
const ACCESSIBILITY_BUDGET = 100;

type TScores = { performance: number; accessibility: number; scriptKb: number };
/** How many times a page is audited when Lighthouse's own trace fails ("run Lighthouse again"). */
const AUDIT_ATTEMPTS = 3;

/** A failure of Lighthouse's recording, not of the page: the audit is run again. */
class RecordingFailed extends Error {}

/** Signs the demo parent in through the sign-in form of this tab; resolves on the dashboard. */
async function signInThroughPage(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/sign-in`, { waitUntil: 'networkidle0' });
  await page.waitForSelector('input[name="username"]');
  await page.type('input[name="username"]', 'parent@mogra.demo');
  await page.type('input[name="password"]', DEMO_PASSWORD);
  await Promise.all([
    page.waitForFunction(() => location.pathname === '/dashboard', { timeout: 30_000 }),
    page.click('button[type="submit"]'),
  ]);
}

async function audit(browser: Browser, origin: string, pagePath: string): Promise<TScores> {
  const page = await browser.newPage();
  try {
    const signedIn = pagePath !== '/sign-in';
    if (signedIn) {
      await signInThroughPage(page, origin);
      // Storage stays (it holds the session) but the cache and the service worker the sign-in
      // page registered go: a cold load, as for /sign-in, not one answered by the worker's cache.
      await page.evaluate(async () => {
        const registrations = await navigator.serviceWorker.getRegistrations();
        await Promise.all(registrations.map((registration) => registration.unregister()));
      });
      const cdp = await page.createCDPSession();
      await cdp.send('Network.clearBrowserCache');
      await cdp.detach();
    }
    const result = await lighthouse(
      `${origin}${pagePath}`,
      {
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        // The session is in this tab's storage: keep it for the signed-in pages.
        disableStorageReset: signedIn,
      },
      undefined,
      page,
    );
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse gave no result for ${pagePath}`);
    if (lhr.runtimeError) throw new RecordingFailed(`${pagePath}: ${lhr.runtimeError.code}`);
    const finalPath = new URL(lhr.finalDisplayedUrl).pathname;
    if (finalPath !== pagePath) throw new Error(`Lighthouse audited ${finalPath} instead of ${pagePath}`);
    const summary = lhr.audits['resource-summary']?.details as
      { items?: { resourceType: string; transferSize: number }[] } | undefined;
    const script = summary?.items?.find((item) => item.resourceType === 'script')?.transferSize ?? 0;
    return {
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
      scriptKb: script / 1024,
    };
  } finally {
    await page.close();
  }
}

/**
 * Audits a page, again when Lighthouse's trace of the load failed (NO_NAVSTART and the like,
 * seen about once in six audits of the dashboard on two busy cores): a failed recording
 * otherwise scores 0.
 */
async function auditAgainIfUnrecorded(browser: Browser, origin: string, pagePath: string): Promise<TScores> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(browser, origin, pagePath);
    } catch (error) {
      if (!(error instanceof RecordingFailed) || attempt >= AUDIT_ATTEMPTS) throw error;
      console.log(`Lighthouse: ${error.message}; auditing again`);
    }
  }
}

/** Audits each page of the demo school on the portal at `port` and reports the scores. */
export async function measureLighthouse(
  report: TReport,
  port: number,
  pagePaths: readonly string[],
): Promise<void> {
  const origin = `http://mogra.localhost:${port}`;
  const chrome = await launch({
    chromePath: CHROMIUM,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  try {
    for (const pagePath of pagePaths) {
      const scores = await auditAgainIfUnrecorded(browser, origin, pagePath);
      report.add({
        id: `lighthouse.${pagePath.slice(1)}.performance`,
        section: SECTION,
        name: `${pagePath} performance`,
        value: scores.performance,
        unit: '',
        budget: { text: `>= ${PERFORMANCE_BUDGET}`, pass: scores.performance >= PERFORMANCE_BUDGET },
      });
      report.add({
        id: `lighthouse.${pagePath.slice(1)}.accessibility`,
        section: SECTION,
        name: `${pagePath} accessibility`,
        value: scores.accessibility,
        unit: '',
        budget: { text: `= ${ACCESSIBILITY_BUDGET}`, pass: scores.accessibility >= ACCESSIBILITY_BUDGET },
      });
      report.add({
        id: `lighthouse.${pagePath.slice(1)}.scriptKb`,
        section: SECTION,
        name: `${pagePath} JS transferred while loading`,
        value: scores.scriptKb,
        unit: 'KB',
      });
    }
  } finally {
    await browser.disconnect();
    chrome.kill();
  }
}
