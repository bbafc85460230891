import { renderToString } from 'react-dom/server';
// Build time only, in Node: the kit's router module exists to keep the browser's shared router small, which a
// server-side router has no part in.
// eslint-disable-next-line no-restricted-imports
import { StaticRouter } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient, primeSignedOutCustomer, type RemoteAppModule } from '@groupflow/shell-kit';
import { Toaster } from './toaster/Toaster.tsx';

/**
 * The first paint of an app's page at `path`: the markup its root component (the shell's Screens, or a remote's App)
 * draws before any data has come, for a visitor who is not signed in, under the providers the browser gives it
 * (App.tsx, remotes/loadArea.tsx) and a static router. The build writes it into the app's FIRST_PAINT_FILE
 * (build/prerender.mjs) for the server to put in the page (issue 28), so the page paints as soon as the HTML and its
 * styles arrive; the shell then takes it over (bootstrap.tsx). The providers draw no markup, so the shell's own tree
 * is the one the browser hydrates.
 */
export async function renderFirstPaint(app: RemoteAppModule, path: string): Promise<string> {
  await app.preload?.(path);
  const client = createQueryClient();
  primeSignedOutCustomer(client);
  const Root = app.default;
  return renderToString(
    <Toaster>
      <StaticRouter location={path}>
        <QueryClientProvider client={client}>
          <Root />
        </QueryClientProvider>
      </StaticRouter>
    </Toaster>,
  );
}
