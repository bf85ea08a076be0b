import { afterEach, beforeEach, vi } from 'vitest';

/** A PDF answer the server names `name`, as the document endpoints send it. */
export function pdfResponse(name: string) {
  return new Response(new Blob(['%PDF-1.7 test'], { type: 'application/pdf' }), {
    status: 200,
    headers: { 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="${name}"` },
  });
}

/**
 * Catches the files the page saves (lib/download.ts: an object URL clicked as a link) in every
 * test of the file: call it at the top level; `saved` lists each file's name and address, in order.
 */
export function catchDownloads() {
  const saved: { name: string; href: string }[] = [];
  beforeEach(() => {
    saved.length = 0;
    Object.defineProperty(URL, 'createObjectURL', {
      value: vi.fn(() => 'blob:portal/1'),
      configurable: true,
    });
    Object.defineProperty(URL, 'revokeObjectURL', { value: vi.fn(), configurable: true });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, href: this.href });
    });
  });
  afterEach(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });
  return { saved };
}
