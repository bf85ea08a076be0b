import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { namespacesOf } from './router.tsx';

describe('the translation namespaces a first page loads with the app', () => {
  it('names those of the public pages', () => {
    for (const path of ['/sign-in', '/register', '/forgot-password']) {
      expect(namespacesOf(path)).toEqual(['auth', 'school', 'messages']);
    }
  });

  it("adds the dashboard's to the shell's", () => {
    expect(namespacesOf('/dashboard')).toEqual([
      'shell',
      'nav',
      'school',
      'messages',
      'inbox',
      'dashboard',
      'children',
    ]);
  });

  it('names only namespaces that have translation files', () => {
    const locales = path.resolve(import.meta.dirname, '../../public/locales');
    for (const namespace of [
      ...namespacesOf('/sign-in'),
      ...namespacesOf('/dashboard'),
      ...namespacesOf('/feepayment'),
      ...namespacesOf('/attendance_month'),
    ]) {
      for (const lng of ['en', 'ar'])
        expect(fs.existsSync(path.join(locales, lng, `${namespace}.json`))).toBe(true);
    }
  });

  it("adds the shared module page's to the shell's on a module page", () => {
    for (const path of ['/feepayment', '/view-fee-invoice', '/payment-return']) {
      expect(namespacesOf(path)).toEqual(['shell', 'nav', 'school', 'messages', 'inbox', 'module']);
    }
  });

  it("adds the schedule family's to the module page's on its pages", () => {
    for (const path of ['/attendance_month', '/timetable', '/academic-calendar', '/agenda', '/teacher']) {
      expect(namespacesOf(path)).toEqual([
        'shell',
        'nav',
        'school',
        'messages',
        'inbox',
        'module',
        'schedule',
      ]);
    }
  });

  it("names the shell's for a page that does not exist, which keeps the shell", () => {
    expect(namespacesOf('/no-such-page')).toEqual(['shell', 'nav', 'school', 'messages', 'inbox']);
  });
});
