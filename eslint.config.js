import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import fs from 'node:fs';
import globals from 'globals';

const web = 'apps/web/src';
const server = 'apps/server/src';
const features = fs.existsSync(`${web}/features`)
  ? fs
      .readdirSync(`${web}/features`, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
  : [];

// Server module families (docs/decisions/018-module-families.md): the folders of one family
// may import each other; families never import another family. `school-data` puts every
// family's data in and may import them all. A module folder not listed is a family of its own.
const serverFamilies = [
  ['auth', 'parent', 'school', 'health', 'locales', 'account'],
  ['fees', 'payments', 'documents'],
];
const serverModules = fs.existsSync(`${server}/modules`)
  ? fs
      .readdirSync(`${server}/modules`, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
  : [];
const familyOf = (name) => serverFamilies.find((family) => family.includes(name)) ?? [name];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/data/**', 'apps/server/src/db/migrations/**'] },
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // The contracts are shared by the browser and the server: neither Node nor DOM in them.
    files: ['packages/contracts/**/*.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': ['error', { patterns: ['node:*', 'fs', 'path', 'react', 'react-*'] }],
    },
  },
  {
    files: [`${web}/**/*.{ts,tsx}`, 'apps/web/test/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Imports go one way: config, lib <- components <- kits <- features <- app; features never
      // import each other (docs/decisions/018-module-families.md).
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: `./${web}/components`, from: [`./${web}/features`, `./${web}/app`, `./${web}/kits`] },
            { target: `./${web}/kits`, from: [`./${web}/features`, `./${web}/app`] },
            {
              target: `./${web}/lib`,
              from: [`./${web}/features`, `./${web}/app`, `./${web}/components`, `./${web}/kits`],
            },
            {
              target: `./${web}/config`,
              from: [`./${web}/features`, `./${web}/app`, `./${web}/components`, `./${web}/kits`],
            },
            ...features.map((feature) => ({
              target: `./${web}/features/${feature}`,
              from: `./${web}/features`,
              except: [`./${feature}`],
            })),
            { target: `./${web}/features`, from: `./${web}/app` },
          ],
        },
      ],
      // Typed hooks only (useAppDispatch / useAppSelector).
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-redux',
              importNames: ['useDispatch', 'useSelector'],
              message: 'Use useAppDispatch / useAppSelector from app/hooks.',
            },
          ],
        },
      ],
    },
  },
  {
    // Server imports go one way: db, lib <- access <- plugins <- kits <- modules <- app.ts
    // (docs/decisions/018-module-families.md).
    files: ['apps/server/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.js'] } } },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: [`./${server}/db/schema`, `./${server}/db/client.ts`, `./${server}/db/prepared.ts`],
              from: [`./${server}/access`, `./${server}/plugins`, `./${server}/kits`, `./${server}/modules`],
            },
            {
              target: `./${server}/access`,
              from: [`./${server}/modules`, `./${server}/plugins`, `./${server}/kits`, `./${server}/app.ts`],
            },
            {
              target: `./${server}/plugins`,
              from: [`./${server}/modules`, `./${server}/kits`, `./${server}/app.ts`],
            },
            { target: `./${server}/kits`, from: [`./${server}/modules`, `./${server}/app.ts`] },
            ...serverModules
              .filter((name) => name !== 'school-data')
              .map((name) => ({
                target: `./${server}/modules/${name}`,
                from: `./${server}/modules`,
                except: familyOf(name).map((member) => `./${member}`),
              })),
          ],
        },
      ],
    },
  },
  {
    // The one file that may use the raw hooks: it defines the typed ones.
    files: [`${web}/app/hooks.ts`],
    rules: { 'no-restricted-imports': 'off' },
  },
);
