import { renderToString } from 'react-dom/server';
// Build time only, in Node: the kit's router module exists to keep the browser's shared router small, which a
// server-side router has no part in.
// eslint-disable-next-line no-restricted-imports
import { StaticRouter } from 'react-router-dom';
import { Screens } from './App.tsx';
import { Toaster } from './toaster/Toaster.tsx';

/**
 * The markup of the shell's page at `path` before any script has run, as the browser's first render will draw it
 * (the same tree as App, under a static router). The build writes it into the page the server sends for that path
 * (build/prerender.mjs), so the page paints its content as soon as the HTML and the stylesheet arrive, and React
 * then hydrates that markup instead of drawing it again (issue 28: the landing page's largest paint).
 */
export function prerender(path: string): string {
  return renderToString(
    <Toaster>
      <StaticRouter location={path}>
        <Screens />
      </StaticRouter>
    </Toaster>,
  );
}
