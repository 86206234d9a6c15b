import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Server modules (apps/server/src/modules/<name>) are used from outside only through their public entry,
 * <name>/index.ts; tests (and test-utils) may also use another module's test-utils. no-restricted-imports sees
 * the import as written ('../payments/paystack'), not as resolved, hence one pair of blocks per folder depth.
 */
const SERVER = 'apps/server/src';
const DEPTHS = [
  // files in …, and how an import of another module's file starts from there
  [`${SERVER}/*`, '\\./modules/'],
  [`${SERVER}/*/*`, '\\.\\./modules/'],
  [`${SERVER}/modules/*`, '\\./'], // modules/index.ts; this block comes after the line above, so it wins
  [`${SERVER}/modules/*/*`, '\\.\\./'],
  [`${SERVER}/modules/*/*/*`, '\\.\\./\\.\\./'],
];
const entryOnly = (regex) => ({
  'no-restricted-imports': [
    'error',
    { patterns: [{ regex, message: 'Import another server module through its public entry (its index.ts: export what you need there).' }] },
  ],
});
const moduleBoundaries = DEPTHS.flatMap(([files, up]) => [
  { files: [`${files}.ts`], rules: entryOnly(`^${up}[^./][^/]*/`) },
  { files: [`${files}.test.ts`, files.replace(/\*$/, 'test-utils.ts')], rules: entryOnly(`^${up}[^./][^/]*/(?!test-utils$)`) },
]);

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'bench/results/**', 'apps/server/drizzle/**', '**/*.d.ts', '**/.bench-*/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      'jsx-a11y/no-autofocus': 'off',
    },
  },
  ...moduleBoundaries,
);
