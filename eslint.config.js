import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import pluginQuery from '@tanstack/eslint-plugin-query';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';

const WEB = ['apps/web/src/**/*.{ts,tsx}'];
/** Places that render: they call mutation hooks from their feature's api/, never the cache directly. */
const WEB_VIEWS = ['apps/web/src/features/*/components/**/*.tsx', 'apps/web/src/components/**/*.tsx'];
/** The data layer: answers are parsed by zod schemas, never asserted with `as`. */
const WEB_DATA = ['apps/web/src/features/*/api/**/*.ts', 'apps/web/src/lib/odata.ts'];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/*.d.ts', 'e2e/artifacts/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { console: 'readonly', process: 'readonly', URL: 'readonly', fetch: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', setInterval: 'readonly', clearInterval: 'readonly', window: 'readonly', document: 'readonly', localStorage: 'readonly', sessionStorage: 'readonly', Buffer: 'readonly', AbortController: 'readonly', URLSearchParams: 'readonly', Response: 'readonly', Request: 'readonly', Headers: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': ['error', { paths: [{ name: '@mui/icons-material', message: 'Import icons one by one: @mui/icons-material/Name' }] }],
    },
  },
  // Dashboard: hooks, accessibility and TanStack Query rules; promises are awaited or voided on purpose.
  { files: WEB, ...reactHooks.configs.flat['recommended-latest'] },
  { files: WEB, ...jsxA11y.flatConfigs.recommended },
  // MUI fields and dialogs move focus deliberately (the first field of a dialog); plain DOM elements may not.
  { files: WEB, rules: { 'jsx-a11y/no-autofocus': ['error', { ignoreNonDOM: true }] } },
  ...pluginQuery.configs['flat/recommended'].map((c) => ({ ...c, files: WEB })),
  {
    files: WEB,
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: { '@typescript-eslint/no-floating-promises': 'error', '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }] },
  },
  {
    files: WEB_VIEWS,
    ignores: ['**/*.test.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [
          { name: '@mui/icons-material', message: 'Import icons one by one: @mui/icons-material/Name' },
          { name: '@tanstack/react-query', importNames: ['useMutation', 'useQueryClient'], message: 'Writes and cache invalidation live in the feature\'s api/*.mutations.ts hooks (docs/architecture.md).' },
        ] },
      ],
    },
  },
  {
    files: WEB_DATA,
    ignores: ['**/*.test.ts'],
    rules: { '@typescript-eslint/consistent-type-assertions': ['error', { assertionStyle: 'never' }] },
  },
);
