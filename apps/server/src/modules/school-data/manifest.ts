import { parse } from 'csv-parse/sync';
import {
  isAttachedFile,
  ONEROSTER_VERSIONS,
  type TAnyBundleFileHandler,
  type TFileMode,
  type TOneRosterVersion,
} from '../../kits/bundle-file.ts';
import { bundleProblem, type TProblemList } from './problems.ts';

// manifest.csv (docs/school-data.md): `propertyName,value` rows naming the OneRoster version
// and, for each file, `bulk`, `delta` or `absent`.

export const MANIFEST_FILE = 'manifest.csv';

/** OneRoster files the portal accepts in a bundle and does not read. */
const UNREAD_ONEROSTER_FILES = new Set([
  'classResources.csv',
  'courseResources.csv',
  'resources.csv',
  'userResources.csv',
  'userProfiles.csv',
  'lineItemLearningObjectiveIds.csv',
  'lineItemScoreScales.csv',
  'resultLearningObjectiveIds.csv',
  'resultScoreScales.csv',
]);

export type TManifest = { version: TOneRosterVersion; files: { file: string; mode: TFileMode }[] };

const FILE_MODES = ['bulk', 'delta', 'absent'] as const;

function readProperties(input: ReadonlyMap<string, Uint8Array | string>, problems: TProblemList) {
  const content = input.get(MANIFEST_FILE);
  if (content === undefined) {
    problems.add(bundleProblem(MANIFEST_FILE, 'the bundle has no manifest.csv'));
    return null;
  }
  let records: string[][];
  try {
    const text = typeof content === 'string' ? content : new TextDecoder().decode(content);
    records = parse(text, { bom: true, relax_column_count: true, skip_empty_lines: true }) as string[][];
  } catch (error) {
    problems.add(bundleProblem(MANIFEST_FILE, `not valid CSV: ${(error as Error).message}`));
    return null;
  }
  const [header, ...rows] = records.map((values) => values.map((value) => value.trim()));
  if (header?.[0] !== 'propertyName' || header[1] !== 'value') {
    problems.add(bundleProblem(MANIFEST_FILE, 'the header must be propertyName,value', 1));
    return null;
  }
  const properties = new Map<string, { value: string; row: number }>();
  rows.forEach(([name = '', value = ''], index) => properties.set(name, { value, row: index + 2 }));
  return properties;
}

/** The manifest's version and the files it marks bulk or delta that the portal reads. */
export function readManifest(
  input: ReadonlyMap<string, Uint8Array | string>,
  handlers: readonly TAnyBundleFileHandler[],
  problems: TProblemList,
): TManifest {
  const manifest: TManifest = { version: '1.2', files: [] };
  const properties = readProperties(input, problems);
  if (!properties) return manifest;
  const problem = (property: string, message: string) =>
    problems.add(bundleProblem(MANIFEST_FILE, message, properties.get(property)?.row ?? 0, property));

  const manifestVersion = properties.get('manifest.version')?.value;
  if (manifestVersion !== '1.0') problem('manifest.version', 'manifest.version must be 1.0');
  const version = properties.get('oneroster.version')?.value ?? '';
  if ((ONEROSTER_VERSIONS as readonly string[]).includes(version))
    manifest.version = version as TOneRosterVersion;
  else problem('oneroster.version', `oneroster.version must be ${ONEROSTER_VERSIONS.join(' or ')}`);

  const modes = new Map<string, TFileMode | 'absent'>();
  for (const [property, { value }] of properties) {
    if (!property.startsWith('file.')) continue;
    if (!(FILE_MODES as readonly string[]).includes(value)) {
      problem(property, `${property} must be ${FILE_MODES.join(', ')}`);
      continue;
    }
    modes.set(`${property.slice('file.'.length)}.csv`, value as TFileMode | 'absent');
  }

  for (const file of input.keys()) {
    // Attached files (PDFs) are read by the rows that name them, not listed in the manifest.
    if (file === MANIFEST_FILE || isAttachedFile(file)) continue;
    const property = `file.${file.replace(/\.csv$/, '')}`;
    const mode = modes.get(file);
    const readBy = handlers.filter((handler) => handler.file === file);
    if (readBy.length === 0) {
      if (!UNREAD_ONEROSTER_FILES.has(file)) {
        problems.add(bundleProblem(file, 'not a file the portal knows (check its name and case)'));
      }
      continue;
    }
    if (mode === undefined || mode === 'absent') {
      problems.add(
        bundleProblem(MANIFEST_FILE, `the bundle holds ${file}: mark it bulk or delta`, 0, property),
      );
      continue;
    }
    if (!readBy.some((handler) => (handler.versions ?? ONEROSTER_VERSIONS).includes(manifest.version))) {
      problems.add(bundleProblem(file, `not part of a OneRoster ${manifest.version} bundle`));
      continue;
    }
    manifest.files.push({ file, mode });
  }
  for (const [file, mode] of modes) {
    if (mode !== 'absent' && !input.has(file)) {
      problem(
        `file.${file.replace(/\.csv$/, '')}`,
        `the manifest marks ${file} ${mode}, but the bundle lacks it`,
      );
    }
  }
  return manifest;
}
