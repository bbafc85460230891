import type { ComponentType } from 'react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { Area } from '@groupflow/core/contracts';

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

const registered = new Set<Area>();

/**
 * Loads one area's remote on demand. A retry re-registers the remote with `force`, which drops the
 * cached failed entry so the manifest is fetched again.
 */
export async function loadArea(area: Area, retry: boolean): Promise<ComponentType> {
  const entries = await remoteAddresses();
  if (!registered.has(area) || retry) {
    registerRemotes([{ name: area, entry: new URL(entries[area], window.location.href).toString() }], {
      force: registered.has(area),
    });
    registered.add(area);
  }
  const module = await loadRemote<{ default: ComponentType }>(`${area}/App`);
  if (!module?.default) throw new Error(`The ${area} remote did not expose an App component.`);
  return module.default;
}
