import { useEffect } from 'react';

/** Sets the tab title while a page is shown, e.g. "Sign in · Parent Portal". */
export function useDocumentTitle(...parts: (string | undefined)[]): void {
  const title = parts.filter(Boolean).join(' · ');
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}
