/**
 * The shell's own copies of the modules it shares with the remotes (the list is SHARED in
 * shell/build/federatedApp.mjs): a remote uses these instances, so there is one React, one router, one query client
 * and one toaster. Each is imported whole only here, when the first remote loads: the landing page's bundle keeps
 * just the parts it uses.
 */
const MODULES: Record<string, () => Promise<unknown>> = {
  react: () => import(/* webpackChunkName: "remote-area" */ 'react'),
  'react-dom': () => import(/* webpackChunkName: "remote-area" */ 'react-dom'),
  '@tanstack/react-query': () => import(/* webpackChunkName: "remote-area" */ '@tanstack/react-query'),
  '@groupflow/shell-kit': () => import(/* webpackChunkName: "remote-area" */ '@groupflow/shell-kit'),
  '@groupflow/shell-kit/router': () => import(/* webpackChunkName: "remote-area" */ '@groupflow/shell-kit/router'),
  '@groupflow/core/contracts': () => import(/* webpackChunkName: "remote-area" */ '@groupflow/core/contracts'),
};

/** The share configuration the shell hands the federation runtime: every shared module, already loaded. */
export async function providedModules() {
  const provided = await Promise.all(
    Object.entries(__SHARED_VERSIONS__).map(async ([name, version]) => {
      const load = MODULES[name];
      if (!load) throw new Error(`The shell does not provide the shared module ${name}.`);
      const module = await load();
      return [name, { version, lib: () => module, shareConfig: { singleton: true, requiredVersion: false as const } }];
    }),
  );
  return Object.fromEntries(provided);
}
