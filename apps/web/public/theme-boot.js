// Runs in <head> before the page paints, so no page shows in the wrong theme: the parent's pick
// ('light' or 'dark' under localStorage "theme"), else the device's setting. src/lib/theme.ts
// reads the same pick and keeps the theme up to date afterwards.
(() => {
  let saved = null;
  try {
    saved = window.localStorage.getItem('theme');
  } catch {
    // Storage blocked: follow the device.
  }
  const dark =
    saved === 'dark' ||
    (saved !== 'light' &&
      typeof window.matchMedia === 'function' &&
      window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.classList.toggle('dark', dark);
})();
