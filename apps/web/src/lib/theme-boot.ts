import { applyTheme, readTheme } from './theme.ts';

// Imported first by main.tsx: the remembered theme is on <html> before anything renders, and
// the CSP needs no inline script for it.
applyTheme(readTheme());
