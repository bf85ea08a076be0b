import { describe, expect, it } from 'vitest';
import { strToU8, zipSync } from 'fflate';
import { readBundle } from '../../../src/modules/school-data/bundle-reader.ts';
import { unzipBundle, zipBundle } from '../../../src/modules/school-data/bundle-zip.ts';
import { csvText, manifestText } from '../../../src/modules/school-data/csv-text.ts';
import { BUNDLE_FILES } from '../../../src/modules/school-data/files.ts';

// Reading a bundle, in the import thread, before any database (docs/school-data.md, "What is
// refused"): the zip, the manifest, each header and each row.

const COURSE_COLUMNS = ['sourcedId', 'status', 'title', 'courseCode'];

function read(files: Record<string, string>) {
  return readBundle(new Map(Object.entries(files)), BUNDLE_FILES);
}

const where = (bundle: ReturnType<typeof read>) =>
  bundle.problems.map(({ file, row, column, messageId }) => `${file}:${row}:${column}:${messageId}`);

describe('reading a bundle', () => {
  it('reads each row of each file the manifest marks, with its status', () => {
    const bundle = read({
      'manifest.csv': manifestText('1.2', { courses: 'delta', classes: 'absent' }),
      'courses.csv': csvText(COURSE_COLUMNS, [
        { sourcedId: 'c-1', title: 'Maths', courseCode: 'MATH' },
        { sourcedId: 'c-2', status: 'tobedeleted' },
      ]),
    });
    expect(bundle.problemCount).toBe(0);
    expect(bundle.version).toBe('1.2');
    expect(bundle.files).toEqual([
      {
        file: 'courses.csv',
        mode: 'delta',
        rows: [
          {
            row: 2,
            status: 'active',
            value: { sourcedId: 'c-1', title: 'Maths', titleAr: undefined, code: 'MATH' },
          },
          {
            row: 3,
            status: 'tobedeleted',
            value: { sourcedId: 'c-2', title: '', titleAr: undefined, code: '' },
          },
        ],
      },
    ]);
  });

  it('names every problem of the manifest, the headers and the rows', () => {
    const bundle = read({
      'manifest.csv': manifestText('1.2', { courses: 'bulk', classes: 'bulk', enrollments: 'bulk' }),
      'courses.csv': csvText(
        ['sourcedId', 'status', 'title'],
        [
          { sourcedId: 'c-1', title: 'Maths' },
          { sourcedId: 'c-1', title: 'Maths again' },
          { sourcedId: 'c-2', status: 'tobedeleted' },
          { sourcedId: 'c-3' },
        ],
      ).concat('c-4,,Art,extra\r\n'),
      'classes.csv': csvText(['sourcedId', 'title', 'clasType'], []),
      'attendence.csv': csvText(['sourcedId'], []),
    });
    expect(where(bundle)).toEqual([
      'attendence.csv:0::I001',
      'manifest.csv:6:file.enrollments:I001',
      'courses.csv:3:sourcedId:I001',
      'courses.csv:4:status:I001',
      'courses.csv:5:title:I001',
      'courses.csv:6::I001',
      'classes.csv:1:clasType:I001',
      'classes.csv:1:classType:I001',
    ]);
    expect(bundle.problemCount).toBe(8);
  });

  it('refuses a bundle without a manifest, or with an unknown OneRoster version', () => {
    expect(where(read({ 'courses.csv': csvText(COURSE_COLUMNS, []) }))).toContain('manifest.csv:0::I001');
    const manifest = csvText(
      ['propertyName', 'value'],
      [
        { propertyName: 'manifest.version', value: '1.0' },
        { propertyName: 'oneroster.version', value: '1.0' },
      ],
    );
    expect(where(read({ 'manifest.csv': manifest }))).toEqual(['manifest.csv:3:oneroster.version:I001']);
  });

  it('reads quoted values, a byte-order mark and lists in one value', () => {
    const bundle = read({
      'manifest.csv': manifestText('1.2', { classes: 'delta' }),
      'classes.csv': `\uFEFFsourcedId,title,classType,termSourcedIds\r\ncl-1,"Maths, ""top"" set",homeroom,"t-1, t-2"\r\n`,
    });
    expect(bundle.problems).toEqual([]);
    expect(bundle.files[0]?.rows[0]?.value).toMatchObject({
      title: 'Maths, "top" set',
      termIds: ['t-1', 't-2'],
    });
  });
});

describe('unzipping a bundle', () => {
  it('takes a zipped folder’s files and leaves out what a system adds', () => {
    const zip = zipSync({
      'export/manifest.csv': strToU8('propertyName,value\n'),
      'export/users.csv': strToU8('sourcedId\n'),
      'export/.DS_Store': strToU8('x'),
    });
    const unzipped = unzipBundle(zip);
    expect(unzipped.problem).toBeNull();
    expect([...unzipped.files.keys()].sort()).toEqual(['manifest.csv', 'users.csv']);
  });

  it('stops a zip that inflates past the limit, and refuses folders and what is not a zip', () => {
    const big = zipBundle(new Map([['results.csv', 'x'.repeat(200_000)]]));
    expect(big.length).toBeLessThan(2_000);
    expect(unzipBundle(big, { bytes: 100_000, files: 10 }).problem).toMatch(/weigh more than/);
    const nested = zipSync({ 'a/users.csv': strToU8('x'), 'b/users.csv': strToU8('y') });
    expect(unzipBundle(nested).problem).toMatch(/side by side/);
    expect(unzipBundle(strToU8('sourcedId,name\n')).problem).toMatch(/not a zip/);
  });
});
