import type { ComponentType } from 'react';
import type { ModuleFederation } from '@module-federation/enhanced/runtime';
import type { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { apiClient, type RemoteAppModule } from '@groupflow/shell-kit';
import { INLINED_REMOTES_ID, REMOTE_APP_EXPOSE, type Area } from '@groupflow/core/contracts';
import { GET_REMOTES, type GetRemotes } from '../api/routes.ts';
import { providedModules } from './sharedModules.ts';

type RemoteAddresses = Record<Area, string>;

let addresses: Promise<RemoteAddresses> | undefined;

/**
 * The map the server put in a remote route's page (INLINED_REMOTES_ID): the remote starts without a call first.
 * A map that cannot be read counts as none.
 */
function inlinedAddresses(): RemoteAddresses | undefined {
  const text = document.getElementById(INLINED_REMOTES_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as RemoteAddresses;
  } catch {
    return undefined;
  }
}

/** Remote manifests come from the server at run time, so a remote deploys without rebuilding the shell. */
function remoteAddresses(): Promise<RemoteAddresses> {
  const inlined = inlinedAddresses();
  if (inlined) return Promise.resolve(inlined);
  addresses ??= apiClient.call<GetRemotes>(GET_REMOTES);
  addresses.catch(() => {
    addresses = undefined;
  });
  return addresses;
}

const registered = new Set<Area>();

let federation: Promise<ModuleFederation> | undefined;

/**
 * The federation runtime is loaded with the first remote, so a page the shell renders itself (the landing page)
 * does not carry it. The shell provides its own React, router, query client and kit ('loaded-first': a remote
 * takes what is already loaded and fetches nothing else).
 */
function federationRuntime(): Promise<ModuleFederation> {
  federation ??= Promise.all([
    import(/* webpackChunkName: "remote-area" */ '@module-federation/enhanced/runtime'),
    import(/* webpackChunkName: "remote-area" */ '@module-federation/inject-external-runtime-core-plugin'),
    providedModules(),
  ]).then(([{ createInstance }, { default: provideRuntimeCore }, shared]) =>
    createInstance({
      name: 'shell',
      remotes: [],
      shared,
      shareStrategy: 'loaded-first',
      // The remotes are built with experiments.externalRuntime: their entries take this runtime instead of
      // bundling their own.
      plugins: [provideRuntimeCore()],
    }),
  );
  federation.catch(() => {
    federation = undefined;
  });
  return federation;
}

let queryClient: Promise<{ QueryClientProvider: typeof QueryClientProvider; client: QueryClient }> | undefined;

/**
 * One query client for every remote area, made with the first: its cache lives as long as the page. A page whose
 * first paint was drawn signed out starts it knowing no customer is signed in, as that first paint showed.
 */
function remoteQueryClient(signedOut: boolean) {
  queryClient ??= Promise.all([
    import(/* webpackChunkName: "remote-area" */ '@tanstack/react-query'),
    import(/* webpackChunkName: "remote-area" */ '@groupflow/shell-kit'),
  ]).then(([{ QueryClientProvider }, { createQueryClient, primeSignedOutCustomer }]) => {
    const client = createQueryClient();
    if (signedOut) primeSignedOutCustomer(client);
    return { QueryClientProvider, client };
  });
  queryClient.catch(() => {
    queryClient = undefined;
  });
  return queryClient;
}

const loading = new Map<Area, Promise<ComponentType>>();
const loaded = new Map<Area, ComponentType>();

/** The area's screen if its remote has already loaded: drawn at once, without a loading state first. */
export const loadedArea = (area: Area): ComponentType | undefined => loaded.get(area);

export interface LoadAreaOptions {
  /** The server drew the page signed out (remoteQueryClient). */
  signedOut?: boolean;
}

/**
 * Loads one area's remote, with the code of the screen the page's path shows, inside the remotes' query client;
 * once per area (a failed load is tried again on the next call; a retry loads the page again).
 */
export function loadArea(area: Area, options: LoadAreaOptions = {}): Promise<ComponentType> {
  let screen = loading.get(area);
  if (!screen) {
    screen = loadRemoteScreen(area, options.signedOut ?? false);
    loading.set(area, screen);
    screen.then(
      (Screen) => loaded.set(area, Screen),
      () => loading.delete(area),
    );
  }
  return screen;
}

async function loadRemoteScreen(area: Area, signedOut: boolean): Promise<ComponentType> {
  const [entries, runtime, queries] = await Promise.all([
    remoteAddresses(),
    federationRuntime(),
    remoteQueryClient(signedOut),
  ]);
  if (!registered.has(area)) {
    runtime.registerRemotes([{ name: area, entry: new URL(entries[area], window.location.href).toString() }]);
    registered.add(area);
  }
  const module = await runtime.loadRemote<RemoteAppModule>(`${area}/${REMOTE_APP_EXPOSE}`);
  if (!module?.default) throw new Error(`The ${area} remote did not expose an App component.`);
  // The screen's code too, so its first draw is the screen and not the remote's loading state (a remote built
  // before preload existed simply has none).
  await module.preload?.(window.location.pathname);
  const { default: Screen } = module;
  const { QueryClientProvider: Provider, client } = queries;
  return function RemoteScreen() {
    return (
      <Provider client={client}>
        <Screen />
      </Provider>
    );
  };
}
