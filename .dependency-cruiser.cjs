/**
 * The dependency rules of docs/architecture.md, checked on every package by `npm run lint:deps` (part of `npm test`).
 * Type-only imports count: a remote that imports a server type has a wire type the contracts do not own.
 */
/**
 * Port contract suites (core/src/<area>/testing/<port>Contract.ts): test code that core's fake tests and the adapters'
 * integration tests both run, so they may import vitest as tests do.
 */
const CONTRACTS = '^core/src/[^/]+/testing/[^/]+Contract\\.ts$';
const TESTS = `(^|/)(test|e2e)/|\\.test\\.tsx?$|${CONTRACTS}`;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-import-circles',
      comment:
        'A circle makes load order matter and hides which module owns what: what two modules share goes in a third.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'core-imports-only-itself-and-zod',
      comment:
        'core holds the use cases and contracts: no framework, adapter, service, remote, Node built-in or other package.',
      severity: 'error',
      from: { path: '^core/src/', pathNot: TESTS },
      to: { pathNot: ['^core/src/', '^node_modules/zod/'] },
    },
    {
      name: 'core-never-imports-contracts',
      comment:
        'Contracts depend on core, never the reverse: the wire schemas import (and re-export for screens) the policy, ' +
        'constants and types core owns. Tests may still parse input with a contract schema, as the route does.',
      severity: 'error',
      from: { path: '^core/src/(?!contracts/)', pathNot: TESTS },
      to: { path: '^core/src/contracts/' },
    },
    {
      name: 'core-tests-import-core-zod-and-vitest',
      severity: 'error',
      from: { path: ['^core/src/.*\\.test\\.ts$', CONTRACTS] },
      to: { pathNot: ['^core/src/', '^node_modules/(zod|vitest|@vitest)/'], dependencyTypesNot: ['core'] },
    },
    {
      name: 'remotes-import-only-contracts-and-kit-of-ours',
      comment:
        'A remote reaches the server only through core/contracts and the kit; wire types come from the contracts.',
      severity: 'error',
      from: { path: '^mf-([^/]+)/' },
      to: { path: '^(core/src/(?!contracts/)|adapters/|services/|shell/src/|bench/)' },
    },
    {
      name: 'remotes-import-no-other-remote',
      comment: 'Remotes are deployed on their own; one cannot import another.',
      severity: 'error',
      from: { path: '^mf-([^/]+)/' },
      to: { path: '^mf-', pathNot: '^mf-$1/' },
    },
    {
      name: 'adapters-never-import-services',
      comment: 'Adapters implement core ports; the composition roots in services choose them, never the reverse.',
      severity: 'error',
      from: { path: '^adapters/' },
      to: { path: '^(services|shell|mf-[^/]+)/' },
    },
    {
      name: 'kit-imports-no-remote',
      comment: 'The kit is shared by every remote; it knows none of them, nor the server.',
      severity: 'error',
      from: { path: '^shell/kit/' },
      to: { path: '^(mf-[^/]+|shell/src|adapters|services)/' },
    },
    {
      name: 'shell-loads-remotes-only-at-run-time',
      comment: 'The shell finds remotes through their manifests; a static import would bundle one into the shell.',
      severity: 'error',
      from: { path: '^shell/src/' },
      to: { path: '^(mf-[^/]+|adapters|services)/' },
    },
    {
      name: 'server-imports-no-web-code',
      severity: 'error',
      from: { path: '^(services|adapters)/' },
      to: { path: '^(shell|mf-[^/]+)/' },
    },
    {
      name: 'no-unresolvable-imports',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Only our own build output; packages in node_modules stay in the graph so rules can name them.
    exclude: { path: '^(shell|mf-customer|mf-staff|mf-legal)/dist/' },
    tsPreCompilationDeps: true,
    combinedDependencies: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
