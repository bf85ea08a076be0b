/// <reference lib="dom" />
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { createSeededDataDir, DEMO_PASSWORD } from '../helper.ts';
import { pdfText } from '../pdf-text.ts';
import { startServer, type TServerProcess } from '../server-process.ts';
import { launchChromium, requireBuiltWebApp, STEP_TIME_MS, VIEWPORTS } from './browser.ts';

describe('paying a fee in Chromium through the sandbox provider', () => {
  const data = createSeededDataDir('portal-e2e-fees-');
  let server: TServerProcess;
  let browser: Browser;
  let origin = '';

  beforeAll(async () => {
    requireBuiltWebApp();
    server = await startServer({ DATA_DIR: data.dir });
    origin = `http://mogra.localhost:${server.port}`;
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    data.remove();
  });

  async function openFees(): Promise<Page> {
    const page = await browser.newPage({ viewport: VIEWPORTS.desktop, acceptDownloads: true });
    page.setDefaultTimeout(STEP_TIME_MS);
    await page.goto(`${origin}/sign-in`);
    await page.getByLabel('Email or username').fill('parent@mogra.demo');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL('**/dashboard');
    await page.goto(`${origin}/feepayment`);
    await linesOf(page).locator('table').waitFor();
    return page;
  }

  const linesOf = (page: Page) => page.locator('section[aria-labelledby="fee-lines-title"]');
  const summaryOf = (page: Page) => page.locator('section[aria-labelledby="fee-summary-title"]');
  const historyOf = (page: Page) => page.locator('section[aria-labelledby="history-title"]');
  const payPanelOf = (page: Page) => page.locator('section[aria-labelledby="pay-title"]');

  /** The first fee line still owed: its checkbox's accessible name names it. */
  async function firstOwedLine(page: Page): Promise<string> {
    const box = linesOf(page).locator('table input[type="checkbox"]:not([disabled])').first();
    const name = await box.getAttribute('aria-label');
    if (!name) throw new Error('no fee line is owed in the demo data');
    return name;
  }

  /** Chooses the line, pays its full amount and lands on the sandbox provider's page. */
  async function payFor(page: Page, line: string): Promise<void> {
    await linesOf(page).getByRole('checkbox', { name: line, exact: true }).check();
    const pay = payPanelOf(page);
    const full = pay.locator('input[name="pay-mode"][value="full"]');
    if ((await full.count()) > 0) await full.check();
    await pay.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL('**/sandbox-pay/**');
  }

  async function statusOf(row: Locator): Promise<string> {
    return (await row.locator('td').last().innerText()).trim();
  }

  const rowOf = (page: Page, line: string) =>
    linesOf(page)
      .locator('tbody tr')
      .filter({ has: page.getByRole('checkbox', { name: line, exact: true }) });

  it('pays a due line, shows it paid with a receipt, and downloads the receipt PDF', async () => {
    const page = await openFees();
    const line = await firstOwedLine(page);
    // The history loads on its own: count it once its rows are in (the demo family has paid before).
    await historyOf(page).locator('tbody tr').first().waitFor();
    const historyBefore = await historyOf(page).locator('tbody tr').count();

    await payFor(page, line);
    await page.getByRole('button', { name: 'Pay (succeeds)' }).click();
    await page.waitForURL('**/payment-return?**');
    expect(new URL(page.url()).searchParams.get('payment')).toMatch(/^[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: 'Payment received' }).waitFor();
    const receiptNo = (
      await page.locator('#outcome-title ~ * dd bdi, section dd bdi').first().innerText()
    ).trim();
    expect(receiptNo).toMatch(/\d/);

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download receipt (PDF)' }).click();
    const download = await downloading;
    const file = await download.path();
    const pdf = fs.readFileSync(file);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { text } = await pdfText(pdf);
    expect(text).toContain(receiptNo);
    expect(text).toContain('Mogra');

    await page.getByRole('link', { name: 'Back to fees' }).click();
    await page.waitForURL('**/feepayment');
    await linesOf(page).locator('table').waitFor();
    const row = rowOf(page, line);
    await expect.poll(() => statusOf(row)).toBe('Paid');
    expect(await row.getByRole('checkbox').isDisabled()).toBe(true);
    const history = historyOf(page);
    await expect.poll(() => history.locator('tbody tr').count()).toBe(historyBefore + 1);
    const paidRow = history.locator('tbody tr').filter({ hasText: receiptNo });
    expect(await paidRow.count()).toBe(1);
    await paidRow.getByRole('button', { name: `Download receipt ${receiptNo}` }).waitFor();
    await page.close();
  });

  it('changes nothing when the card is declined', async () => {
    const page = await openFees();
    const line = await firstOwedLine(page);
    await summaryOf(page).getByText('Total still owed').waitFor();
    // The history loads on its own: read it once its rows are in (the demo family has paid before).
    await historyOf(page).locator('tbody tr').first().waitFor();
    const summaryBefore = await summaryOf(page).innerText();
    const lineBefore = await rowOf(page, line).innerText();
    const historyBefore = await historyOf(page).innerText();

    await payFor(page, line);
    await page.getByRole('button', { name: 'Card declined' }).click();
    await page.waitForURL('**/payment-return?**');
    await page.getByRole('heading', { name: 'The payment was declined' }).waitFor();
    await page.getByText('Nothing was charged.').waitFor();

    await page.getByRole('link', { name: 'Try again' }).click();
    await page.waitForURL('**/feepayment');
    await linesOf(page).locator('table').waitFor();
    await summaryOf(page).getByText('Total still owed').waitFor();
    expect(await summaryOf(page).innerText()).toBe(summaryBefore);
    expect(await rowOf(page, line).innerText()).toBe(lineBefore);
    expect(await statusOf(rowOf(page, line))).not.toBe('Paid');
    // A declined payment is no receipt: the history of receipts, once loaded again, is as it was.
    await historyOf(page).locator('tbody tr').first().waitFor();
    expect(await historyOf(page).innerText()).toBe(historyBefore);
    await page.close();
  });
});
