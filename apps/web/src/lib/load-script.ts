const loading = new Map<string, Promise<void>>();

/**
 * Adds a third-party script (an identity provider's client) to the page once and resolves
 * when it has run. A failed load is forgotten, so a later call tries again. Only the pages
 * that need such a script call this: nothing of it is in index.html.
 */
export function loadScript(src: string): Promise<void> {
  const known = loading.get(src);
  if (known) return known;
  const promise = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      loading.delete(src);
      script.remove();
      reject(new Error(`Could not load ${src}`));
    };
    document.head.append(script);
  });
  loading.set(src, promise);
  return promise;
}
