import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { jsonResponse } from '../../test/render.tsx';
import { ok, openModulePage } from '../../test/module-page.ts';

// A link about one child (a notice's `?enrollNumber=`, docs/notifications.md) opens its page
// on that child, whichever child the header had; the address then drops it.
describe('a link naming a child', () => {
  it('opens the page on that child and leaves the header free to choose again', async () => {
    const { api, location } = await openModulePage('/teacher?enrollNumber=E200', {
      '/v1/ppn/teachers': () => jsonResponse(200, { ...ok, teachers: [] }),
    });
    await waitFor(() => {
      const asked = api
        .to('/v1/ppn/teachers')
        .map((request) => new URL(request.url).searchParams.get('enrollNumber'));
      expect(asked.at(-1)).toBe('E200');
    });
    await waitFor(() => expect(location()).toBe('/teacher'));
    // The page's heading names the child it is about.
    expect(screen.getByRole('heading', { level: 1 }).parentElement?.textContent).toContain('Lina Ahmed');
  });
});
