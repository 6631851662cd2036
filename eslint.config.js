import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import oneWay from './scripts/eslint/one-way-imports.mjs';

const featuresDir = 'apps/web/src/features';
let features = [];
try {
  features = readdirSync(featuresDir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
} catch {
  features = [];
}

/** The web links through '@/components/ui/link', whose server build renders a link without React Router's hooks. */
const routerLinks = {
  name: 'react-router',
  importNames: ['Link', 'NavLink'],
  message: "Import Link and NavLink from '@/components/ui/link' (a server render's links skip React Router's hooks).",
};

/** Imports run one way: shared -> features -> app. No feature imports another. */
const featureBoundaries = features.map((name) => ({
  files: [`${featuresDir}/${name}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        paths: [routerLinks],
        patterns: [
          { group: ['@/app/*', '@/app'], message: 'Features must not import from the app layer.' },
          ...features
            .filter((other) => other !== name)
            .map((other) => ({ group: [`@/features/${other}/*`, `@/features/${other}`], message: 'A feature must not import another feature.' })),
        ],
      },
    ],
  },
}));

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-*/**', '**/node_modules/**', '**/drizzle/**', 'apps/web/e2e/artifacts/**', 'bench-results/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-imports': ['error', { paths: [routerLinks] }],
    },
  },
  {
    files: ['packages/shared/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*', 'fs', 'path', 'crypto', 'os'], message: 'packages/shared runs in the browser: no Node imports.' },
            { group: ['@dealer/api', '@dealer/web', '**/apps/**'], message: 'packages/shared imports nothing from the apps.' },
            { group: ['react', 'react-dom'], message: 'packages/shared stays framework-free.' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/components/**/*.{ts,tsx}', 'apps/web/src/lib/**/*.{ts,tsx}', 'apps/web/src/config/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [routerLinks],
          patterns: [{ group: ['@/features/*', '@/app/*'], message: 'Shared web folders must not import features or the app.' }],
        },
      ],
    },
  },
  ...featureBoundaries,
  {
    // The API's layers (docs/architecture.md, "Layers"): imports point down, and a domain is entered only
    // through its index. Tests and the test kit may reach anything.
    files: ['apps/api/src/**/*.ts'],
    plugins: { local: oneWay },
    rules: { 'local/one-way-imports': ['error', { srcDir: 'apps/api/src' }] },
  },
);
