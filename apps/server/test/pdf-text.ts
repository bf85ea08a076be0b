import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** The pages of a PDF and their text (PDF.js text extraction), runs joined by spaces. */
export async function pdfText(pdf: Buffer): Promise<{ pages: number; text: string }> {
  const task = getDocument({ data: new Uint8Array(pdf) });
  const document = await task.promise;
  const parts: string[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const content = await (await document.getPage(number)).getTextContent();
    for (const item of content.items) if ('str' in item) parts.push(item.str);
  }
  const pages = document.numPages;
  await task.destroy();
  return { pages, text: parts.join(' ').replace(/\s+/g, ' ') };
}
