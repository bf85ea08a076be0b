/** Saves a file the page holds (a fetched PDF) through the browser's download. */
export function saveFile(file: Blob, name: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the click; the address can go once the browser has it.
  window.setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
