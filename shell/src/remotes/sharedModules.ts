import * as React from 'react';
import * as ReactDom from 'react-dom';
import * as ReactQuery from '@tanstack/react-query';
import * as Kit from '@groupflow/shell-kit';
import * as Router from '@groupflow/shell-kit/router';

/**
 * The shell's own copies of the modules it shares with the remotes (the list is SHARED in
 * shell/build/federatedApp.mjs): a remote uses these instances, so there is one React, one router and one toaster.
 */
const MODULES: Record<string, unknown> = {
  react: React,
  'react-dom': ReactDom,
  '@tanstack/react-query': ReactQuery,
  '@groupflow/shell-kit': Kit,
  '@groupflow/shell-kit/router': Router,
};

/** The share configuration the shell hands the federation runtime: every shared module, already loaded. */
export function providedModules() {
  return Object.fromEntries(
    Object.entries(__SHARED_VERSIONS__).map(([name, version]) => {
      const module = MODULES[name];
      if (!module) throw new Error(`The shell does not provide the shared module ${name}.`);
      return [name, { version, lib: () => module, shareConfig: { singleton: true, requiredVersion: false as const } }];
    }),
  );
}
