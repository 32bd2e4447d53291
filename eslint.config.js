// Lint encodes the architecture (eslint-rules/layers.js, eslint-rules/import-cycles.js, docs/architecture.md "Layers and dependency
// rules") and the habits of docs/style.md ("Lint encodes the architecture").
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import path from 'node:path';
import { importCyclesRule } from './eslint-rules/import-cycles.js';
import { layersRule } from './eslint-rules/layers.js';

const root = path.dirname(new URL(import.meta.url).pathname);

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'coverage/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: { allowDefaultProject: ['*.js', '*.config.ts'] }, tsconfigRootDir: root },
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: {
      partsdesk: { rules: { layers: layersRule, 'import-cycles': importCyclesRule } },
      'react-hooks': reactHooks,
    },
    rules: {
      'partsdesk/layers': 'error',
      'partsdesk/import-cycles': 'error',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.name='parseFloat']",
          message: 'Money is never a float: parse amounts with src/domain/money.',
        },
      ],
    },
  },
  {
    // Accessible names, labels tied to controls, keyboard reach for anything clickable: staff on a
    // tablet, shoppers with a screen reader (docs/style.md "Accessibility").
    files: ['**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['tests/**'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
);
