/**
 * Renders PDF pages to PNG so documents can be looked at: PDF.js in the machine's headless
 * Chromium (never a downloaded browser), with every file served from disk (no network).
 *
 *   node apps/server/scripts/render-pdf-png.ts [--out DIR] [file.pdf ...]
 *
 * Without files it renders the sample receipt, tax invoice, proforma and store invoice in
 * English and Arabic (scripts/sample-documents.ts). DIR defaults to /tmp/pdf-png.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { chromium } from 'playwright-core';
import type { TLanguage } from '@portal/contracts/constants';
import { renderInvoice, renderReceipt, renderStoreInvoice } from '../src/modules/documents/render.ts';
import { sampleProforma, sampleReceipt, sampleStoreInvoice, sampleTaxInvoice } from './sample-documents.ts';

const require = createRequire(import.meta.url);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ORIGIN = 'http://render.invalid';
const SCALE = 1.5;

async function samples(outDir: string): Promise<string[]> {
  const files: string[] = [];
  for (const lng of ['en', 'ar'] as TLanguage[]) {
    const documents: [string, Promise<Buffer>][] = [
      ['receipt', renderReceipt(sampleReceipt, lng)],
      ['tax-invoice', renderInvoice(sampleTaxInvoice, lng)],
      ['proforma', renderInvoice(sampleProforma, lng)],
      ['store-invoice', renderStoreInvoice(sampleStoreInvoice, lng)],
    ];
    for (const [name, pdf] of documents) {
      const file = path.join(outDir, `${name}-${lng}.pdf`);
      fs.writeFileSync(file, await pdf);
      files.push(file);
    }
  }
  return files;
}

const PAGE = `<!doctype html><meta charset="utf-8"><body style="margin:0;background:#888">
<script type="module">
import * as pdfjs from '${ORIGIN}/pdf.mjs';
pdfjs.GlobalWorkerOptions.workerSrc = '${ORIGIN}/pdf.worker.mjs';
window.renderPdf = async (url, scale) => {
  const pdf = await pdfjs.getDocument({ url, disableFontFace: false }).promise;
  const pages = [];
  for (let n = 1; n <= pdf.numPages; n += 1) {
    const page = await pdf.getPage(n);
    const viewport = page.getViewport({ scale });
    const canvas = document.createElement('canvas');
    canvas.width = viewport.width;
    canvas.height = viewport.height;
    await page.render({ canvas, viewport }).promise;
    pages.push(canvas.toDataURL('image/png'));
  }
  return pages;
};
window.ready = true;
</script>`;

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const outIndex = args.indexOf('--out');
  const outDir = outIndex >= 0 ? (args[outIndex + 1] ?? '/tmp/pdf-png') : '/tmp/pdf-png';
  const inputs =
    outIndex < 0 ? args : args.filter((_, index) => index !== outIndex && index !== outIndex + 1);
  fs.mkdirSync(outDir, { recursive: true });
  const pdfs = inputs.length > 0 ? inputs : await samples(outDir);

  const pdfjsDir = path.dirname(require.resolve('pdfjs-dist/package.json'));
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
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
    const page = await browser.newPage();
    await page.route('**/*', async (route) => {
      const url = new URL(route.request().url());
      if (url.origin !== ORIGIN) return route.abort();
      if (url.pathname === '/') return route.fulfill({ contentType: 'text/html', body: PAGE });
      if (url.pathname.startsWith('/pdf/')) {
        const file = pdfs[Number(url.pathname.slice('/pdf/'.length))];
        return file
          ? route.fulfill({ contentType: 'application/pdf', body: fs.readFileSync(file) })
          : route.abort();
      }
      const name = path.basename(url.pathname);
      if (name !== 'pdf.mjs' && name !== 'pdf.worker.mjs') return route.abort();
      return route.fulfill({
        contentType: 'text/javascript',
        body: fs.readFileSync(path.join(pdfjsDir, 'build', name)),
      });
    });
    await page.goto(`${ORIGIN}/`);
    await page.waitForFunction(() => (window as unknown as { ready?: boolean }).ready === true);
    for (const [index, file] of pdfs.entries()) {
      const images = await page.evaluate(
        ([url, scale]) =>
          (window as unknown as { renderPdf: (u: string, s: number) => Promise<string[]> }).renderPdf(
            url,
            scale,
          ),
        [`${ORIGIN}/pdf/${index}`, SCALE] as const,
      );
      images.forEach((dataUrl, pageIndex) => {
        const png = path.join(outDir, `${path.basename(file, '.pdf')}-p${pageIndex + 1}.png`);
        fs.writeFileSync(png, Buffer.from(dataUrl.split(',')[1] ?? '', 'base64'));
        console.log(png);
      });
    }
  } finally {
    await browser.close();
  }
}

await main();
