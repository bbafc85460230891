// One lint configuration for every package; `npm run lint` runs it and `npm test` runs lint first.
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Screens route through the kit's shared router module (see below). */
const routerImports = ['react-router', 'react-router-dom'].map((name) => ({
  name,
  message: 'Import from @groupflow/shell-kit/router.',
}));

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/.data/**', 'coverage/**', '.nx/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // Underscore-prefixed names are deliberately unused (destructuring a field away, unused callback arguments).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['shell/**/*.{ts,tsx}', 'mf-*/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      ...jsxA11y.flatConfigs.recommended.rules,
      // Dialogs focus their first field when a user opens them, as the WAI-ARIA dialog pattern asks.
      'jsx-a11y/no-autofocus': 'off',
      // Key handlers on a container catch keys bubbling from its focusable children (Escape closes a dialog,
      // arrows move along a menu); only pointer handlers make a static element interactive.
      'jsx-a11y/no-static-element-interactions': ['error', { handlers: ['onClick', 'onMouseDown', 'onMouseUp'] }],
    },
  },
  {
    // Screens route through the kit's shared router module (shell/kit/src/router.ts), so the shell ships only the
    // parts of react-router they use and every remote shares the shell's one router.
    files: ['shell/**/*.{ts,tsx}', 'mf-*/**/*.{ts,tsx}'],
    ignores: ['shell/kit/src/router.ts', 'shell/kit/src/testing.tsx', '**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { paths: routerImports }] },
  },
  {
    // No call by path string in the shell and the remotes: a screen names an endpoint. The shell's
    // routes are checked against the endpoints' types (shell/src/api/routes.ts); the diagnostics read raw answers on
    // purpose (docs/decisions.md, issue 24), and the monitor's issue texts name the paths they probed.
    files: ['shell/src/**/*.{ts,tsx}', 'mf-customer/**/*.{ts,tsx}', 'mf-staff/**/*.{ts,tsx}', 'mf-legal/**/*.{ts,tsx}'],
    ignores: [
      '**/*.test.{ts,tsx}',
      'shell/src/api/routes.ts',
      'shell/src/diagnostics/LiveMonitor.tsx',
      'shell/src/diagnostics/systemChecks.ts',
      'shell/src/diagnostics/monitorState.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.name='fetch']",
          message: 'Call through an endpoint: useEndpointQuery, useEndpointMutation or apiClient.call.',
        },
        {
          selector: 'Literal[value=/^\\/api\\//], TemplateElement[value.raw=/^\\/api\\//]',
          message: 'No API path strings: name the endpoint (API.area.name) instead.',
        },
      ],
    },
  },
  {
    // Per-address limits count an IPv6 /64 as one client (issue 33): the HTTP edge reads the client's address only
    // through clientAddressKey, so no limit can key by a raw address again.
    files: ['adapters/src/http/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "MemberExpression[property.name=/^ips?$/]:not(CallExpression[callee.name='clientAddressKey'] > MemberExpression)",
          message: "Key a client by clientAddressKey(ctx.ip): an IPv6 /64 is one client, '::ffff:a.b.c.d' is IPv4.",
        },
      ],
    },
  },
  {
    // Tests read answers loosely typed on purpose and assert them field by field.
    files: ['**/*.test.{ts,tsx}', '**/test/**/*.ts', '**/e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
