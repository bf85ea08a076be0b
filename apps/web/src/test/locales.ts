import type { Resource } from 'i18next';

/** Every translation file of `public/locales`, as `{ lng: { ns: content } }`. */
const files = import.meta.glob<Record<string, unknown>>('../../public/locales/*/*.json', {
  eager: true,
  import: 'default',
});

export const localeResources: Resource = {};
for (const [file, content] of Object.entries(files)) {
  const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file);
  if (!match?.[1] || !match[2]) continue;
  const [, lng, ns] = match;
  localeResources[lng] = { ...localeResources[lng], [ns]: content };
}
