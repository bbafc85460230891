import Router from '@koa/router';
import { referenceEndpoints as REFERENCE } from '@groupflow/core/contracts';
import { buildOpenApiDocument } from '../openapi/openApiDocument.ts';
import { renderApiReference } from '../openapi/apiReferencePage.ts';

/** GET /api/openapi.json and the reference page rendered from it; both are built once, on the first call. */
export function referenceRoutes(version: string): Router {
  const router = new Router();
  let document: ReturnType<typeof buildOpenApiDocument> | undefined;
  let page: string | undefined;
  const openApi = () => (document ??= buildOpenApiDocument(version));

  router.get(REFERENCE.getOpenApi.path, (ctx) => {
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = openApi();
  });
  router.get(REFERENCE.getReference.path, (ctx) => {
    ctx.set('Cache-Control', 'no-cache');
    // The page loads nothing: no scripts, no fonts, only its own inline style.
    ctx.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
    ctx.type = 'html';
    ctx.body = page ??= renderApiReference(openApi(), REFERENCE.getOpenApi.path);
  });
  return router;
}
