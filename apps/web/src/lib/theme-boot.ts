import { followThemeChoice } from './theme.ts';

// Imported first by main.tsx. public/theme-boot.js has already put the remembered theme on
// <html> before the first paint (a classic script in <head>: the CSP allows it, as 'self', and
// needs no inline script); from here on the app keeps it, following the device while the parent
// has picked no theme.
followThemeChoice();
