import type Router from '@koa/router';
import { API } from '@groupflow/core/contracts';
import { buildOpenApiDocument } from '../openapi/openApiDocument.ts';
import { renderApiReference } from '../openapi/apiReferencePage.ts';
import { apiRouter, route } from '../route.ts';

/** GET /api/openapi.json and the reference page rendered from it; both are built once, on the first call. */
export function referenceRoutes(version: string): Router {
  const router = apiRouter();
  let document: ReturnType<typeof buildOpenApiDocument> | undefined;
  let page: string | undefined;
  const openApi = () => (document ??= buildOpenApiDocument(version));

  route(router, API.diagnostics.getOpenApi, ({ ctx }) => {
    ctx.set('Cache-Control', 'no-cache');
    return openApi();
  });
  route(router, API.diagnostics.getReference, ({ ctx }) => {
    ctx.set('Cache-Control', 'no-cache');
    // The page loads nothing: no scripts, no fonts, only its own inline style.
    ctx.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
    return (page ??= renderApiReference(openApi(), API.diagnostics.getOpenApi.path));
  });
  return router;
}
