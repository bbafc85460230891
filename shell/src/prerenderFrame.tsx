import { renderToString } from 'react-dom/server';
// Build time only, in Node (see prerender.tsx).
// eslint-disable-next-line no-restricted-imports
import { StaticRouter } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient, primeSignedOutCustomer, type RemoteAppModule } from '@groupflow/shell-kit';
import { Toaster } from './toaster/Toaster.tsx';

/**
 * The markup a remote's screen at `path` draws for a visitor who is not signed in, before any data has come: the
 * remote's App under the providers the shell gives it (remotes/loadArea.tsx), with the query client told no
 * customer is signed in, as the shell's is when it takes over the frame (bootstrap.tsx). Each remote's build
 * writes these into its FRAMES_FILE (build/prerenderFrames.mjs) for the server to put in the page (issue 28).
 */
export async function prerenderFrame(app: RemoteAppModule, path: string): Promise<string> {
  await app.preload?.(path);
  const client = createQueryClient();
  primeSignedOutCustomer(client);
  const Screen = app.default;
  return renderToString(
    <Toaster>
      <StaticRouter location={path}>
        <QueryClientProvider client={client}>
          <Screen />
        </QueryClientProvider>
      </StaticRouter>
    </Toaster>,
  );
}
