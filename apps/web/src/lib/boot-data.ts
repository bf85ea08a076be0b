import { BOOT_DATA_ELEMENT_ID, type TBootData } from '@portal/contracts/boot-data';
import { isLanguage } from '@portal/contracts/constants';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Translation files by language and namespace, each an object. */
const isTranslations = (value: unknown): boolean =>
  isRecord(value) &&
  Object.entries(value).every(
    ([language, namespaces]) =>
      isLanguage(language) && isRecord(namespaces) && Object.values(namespaces).every(isRecord),
  );

/**
 * The boot data the server wrote into the page (docs/decisions/032-boot-data.md), or null when
 * the page has none (the offline copy the service worker keeps, a development server) or it is
 * not what the contract says. Only its outline is checked here: the server built it from the
 * same contract, and zod stays off the first load.
 */
export function readBootData(root: Pick<Document, 'getElementById'> = document): TBootData | null {
  const text = root.getElementById(BOOT_DATA_ELEMENT_ID)?.textContent;
  if (!text) return null;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(data) || typeof data.schoolId !== 'string' || !isLanguage(data.language)) return null;
  if (!isTranslations(data.translations)) return null;
  if (data.schoolDetails !== null && !isRecord(data.schoolDetails)) return null;
  return data as TBootData;
}
