import type { ComponentType } from 'react';
import type { ModuleFederation } from '@module-federation/enhanced/runtime';
import type { Area } from '@groupflow/core/contracts';
import { providedModules } from './sharedModules.ts';

type RemoteAddresses = Record<Area, string>;

let addresses: Promise<RemoteAddresses> | undefined;

/** Remote manifests come from the server at run time, so a remote deploys without rebuilding the shell. */
function remoteAddresses(): Promise<RemoteAddresses> {
  addresses ??= fetch('/api/remotes', { credentials: 'include' }).then(async (response) => {
    if (!response.ok) throw new Error(`${response.status}: ${(await response.text()) || response.statusText}`);
    return (await response.json()) as RemoteAddresses;
  });
  addresses.catch(() => {
    addresses = undefined;
  });
  return addresses;
}

let federation: Promise<ModuleFederation> | undefined;

/**
 * The federation runtime is loaded with the first remote, so a page the shell renders itself (the landing page)
 * does not carry it. The shell provides its own React, router, query client and kit ('loaded-first': a remote
 * takes what is already loaded and fetches nothing else).
 */
function federationRuntime(): Promise<ModuleFederation> {
  federation ??= Promise.all([import('@module-federation/enhanced/runtime'), providedModules()]).then(
    ([{ createInstance }, shared]) => createInstance({ name: 'shell', remotes: [], shared, shareStrategy: 'loaded-first' }),
  );
  federation.catch(() => {
    federation = undefined;
  });
  return federation;
}

const registered = new Set<Area>();

/**
 * Loads one area's remote on demand. A retry re-registers the remote with `force`, which drops the
 * cached failed entry so the manifest is fetched again.
 */
export async function loadArea(area: Area, retry: boolean): Promise<ComponentType> {
  const [entries, runtime] = await Promise.all([remoteAddresses(), federationRuntime()]);
  if (!registered.has(area) || retry) {
    runtime.registerRemotes([{ name: area, entry: new URL(entries[area], window.location.href).toString() }], {
      force: registered.has(area),
    });
    registered.add(area);
  }
  const module = await runtime.loadRemote<{ default: ComponentType }>(`${area}/App`);
  if (!module?.default) throw new Error(`The ${area} remote did not expose an App component.`);
  return module.default;
}
