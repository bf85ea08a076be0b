/// <reference lib="dom" />
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { invoicePaymentStatus } from '@portal/contracts/money';
import { LOOKS, nameOfLook, SCREENSHOT_DIR, signedInPage, type TLook, mograBrowserSuite } from './browser.ts';

/** The words the checks look for, as the web app's locales write them. */
const WORDS = {
  en: {
    overdueTile: 'Overdue',
    outstanding: 'Still owed',
    overdue: 'Overdue',
    total: 'Total',
    paid: 'Paid',
    balance: 'Still owed',
    statusHeading: 'Status',
    status: { paid: 'Paid', 'partly-paid': 'Partly paid', unpaid: 'Unpaid' },
  },
  ar: {
    overdueTile: 'متأخرة السداد',
    outstanding: 'المتبقي',
    overdue: 'متأخرة',
    total: 'الإجمالي',
    paid: 'المدفوع',
    balance: 'المتبقي',
    statusHeading: 'الحالة',
    status: { paid: 'مدفوعة', 'partly-paid': 'مدفوعة جزئيًا', unpaid: 'غير مدفوعة' },
  },
} as const;

/** An amount as the page writes it (`AED 1,234.50`, `1,234.50 د.إ.`) in minor units. */
function minorOf(text: string): number {
  const digits = text.replace(/[^0-9]/g, '');
  if (digits === '') throw new Error(`no amount in "${text}"`);
  return Number(digits);
}

/** The cells of a table's body rows, and the index of the column whose heading starts so. */
async function tableOf(table: Locator) {
  const headings = (await table.locator('thead th').allTextContents()).map((text) => text.trim());
  const column = (start: string) => {
    const index = headings.findIndex((heading) => heading.startsWith(start));
    if (index < 0) throw new Error(`no column "${start}" in ${headings.join(' | ')}`);
    return index;
  };
  const rows = await table.locator('tbody tr').evaluateAll((trs) =>
    trs.map((tr) =>
      [...tr.querySelectorAll('th, td')].map((cell) => {
        // A cell shows its heading again (as a card's label) before its value: leave it out.
        const clone = cell.cloneNode(true) as HTMLElement;
        clone.querySelectorAll('span.hidden').forEach((label) => label.remove());
        return (clone.textContent ?? '').trim();
      }),
    ),
  );
  return { rows, column };
}

describe('money labels in Chromium: the overdue figure and invoice states agree with the lines', () => {
  const suite = mograBrowserSuite('portal-e2e-money-');
  const pageErrors: string[] = [];

  /** Signed in as the demo parent, in the variant's language, theme and width. */
  function signedIn(variant: TLook): Promise<Page> {
    return signedInPage(suite.browser, suite.origin, variant, {
      username: 'parent@mogra.demo',
      errors: pageErrors,
    });
  }

  /** Shows every row of each table on the page (50 a page). */
  async function showAllRows(page: Page): Promise<void> {
    for (const select of await page.locator('select').all()) {
      if ((await select.locator('option[value="50"]').count()) > 0) await select.selectOption('50');
    }
  }

  async function shoot(page: Page, name: string, variant: TLook): Promise<void> {
    if (!SCREENSHOT_DIR) return;
    const file = `${name}-${nameOfLook(variant)}.png`;
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, file), fullPage: true });
  }

  for (const variant of LOOKS) {
    const label = `${variant.lng} ${variant.theme} ${variant.device}`;

    it(`shows as overdue the sum of the lines listed as overdue, earlier years' included (${label})`, async () => {
      const words = WORDS[variant.lng];
      const page = await signedIn(variant);
      await page.goto(`${suite.origin}/feepayment`);
      const lines = page.locator('section[aria-labelledby="fee-lines-title"] table');
      const arrears = page.locator('section[aria-labelledby="previous-fees-title"] table');
      await lines.waitFor();
      // The demo's first child still owes a line of last year, long past its due date.
      await arrears.waitFor();
      await showAllRows(page);

      let listedOverdue = 0;
      let overdueLines = 0;
      for (const table of [arrears, lines]) {
        const { rows, column } = await tableOf(table);
        const outstanding = column(words.outstanding);
        const status = rows[0] ? rows[0].length - 1 : 0;
        for (const row of rows) {
          if (row[status] !== words.overdue) continue;
          overdueLines += 1;
          listedOverdue += minorOf(row[outstanding] ?? '');
        }
      }
      expect(overdueLines).toBeGreaterThan(1);

      const tile = page
        .locator('section[aria-labelledby="fee-summary-title"] li')
        .filter({ has: page.getByText(words.overdueTile, { exact: true }) });
      const tileText = await tile.locator('p').nth(1).innerText();
      expect(minorOf(tileText)).toBe(listedOverdue);
      await shoot(page, 'fee-page', variant);
      await page.context().close();
      expect(pageErrors).toEqual([]);
    });

    it(`says of each invoice whether it is paid, partly paid or unpaid, as its figures say (${label})`, async () => {
      const words = WORDS[variant.lng];
      const page = await signedIn(variant);
      await page.goto(`${suite.origin}/view-fee-invoice`);
      const table = page.locator('main table');
      await table.waitFor();
      await showAllRows(page);
      const { rows, column } = await tableOf(table);
      expect(rows.length).toBeGreaterThan(0);
      const [total, paid, balance, status] = [
        column(words.total),
        column(words.paid),
        column(words.balance),
        column(words.statusHeading),
      ];
      const seen = new Set<string>();
      for (const row of rows) {
        const amount = (index: number) => minorOf(row[index] ?? '');
        const [totalMinor, paidMinor, balanceMinor] = [amount(total), amount(paid), amount(balance)];
        expect(paidMinor + balanceMinor).toBe(totalMinor);
        const expected = invoicePaymentStatus(totalMinor, paidMinor);
        expect(row[status]).toBe(words.status[expected]);
        seen.add(expected);
      }
      // The demo's term-1 invoice is partly paid: its uniform line is still owed.
      expect(seen.has('partly-paid')).toBe(true);
      await shoot(page, 'invoices-page', variant);
      await page.context().close();
      expect(pageErrors).toEqual([]);
    });
  }
});
