import Router from '@koa/router';
import { NotFound } from '@groupflow/core';
import type {
  AuthenticateStaff,
  ChangeLegalStatus,
  CreateLegalRecord,
  CreateLegalRequest,
  GetLegalRecord,
  LegalKind,
  LegalStatusChange,
  ListLegalRecords,
  SummarizeLegalAffairs,
} from '@groupflow/core';
import { LEGAL_KINDS, LEGAL_KIND_ENDPOINTS as KINDS, idParamsSchema as idParam } from '@groupflow/core/contracts';
import { currentStaff, staffAuth } from '../auth/staffAuth.ts';
import { answerPage } from '../paging.ts';
import { validate } from '../validate.ts';

export interface LegalUseCases {
  authenticate: AuthenticateStaff;
  create: CreateLegalRecord;
  list: ListLegalRecords;
  get: GetLegalRecord;
  changeStatus: ChangeLegalStatus;
  summarize: SummarizeLegalAffairs;
}

/** Each kind's body schema; the parsed fields, never the raw body, reach the use case. */
const CREATE: { [K in LegalKind]: (body: unknown) => CreateLegalRequest } = {
  cases: (body) => ({ kind: 'cases', input: validate(KINDS.cases.create.body, body) }),
  violations: (body) => ({ kind: 'violations', input: validate(KINDS.violations.create.body, body) }),
  documents: (body) => ({ kind: 'documents', input: validate(KINDS.documents.create.body, body) }),
  compliance: (body) => ({ kind: 'compliance', input: validate(KINDS.compliance.create.body, body) }),
};

const CHANGE: { [K in LegalKind]: (id: number, body: unknown) => LegalStatusChange } = {
  cases: (id, body) => ({ kind: 'cases', id, ...validate(KINDS.cases.change.body, body) }),
  violations: (id, body) => ({ kind: 'violations', id, ...validate(KINDS.violations.change.body, body) }),
  documents: (id, body) => ({ kind: 'documents', id, ...validate(KINDS.documents.change.body, body) }),
  compliance: (id, body) => ({ kind: 'compliance', id, ...validate(KINDS.compliance.change.body, body) }),
};

/**
 * /api/legal/ (spec 2 section 7 plus detail, status change and summary; docs/legal-affairs.md). Every call
 * needs a staff bearer token: a customer session cookie is not a staff credential.
 */
export function legalRoutes(useCases: LegalUseCases): Router {
  const router = new Router({ prefix: '/api/legal' });
  router.use(staffAuth(useCases.authenticate), async (ctx, next) => {
    ctx.set('Cache-Control', 'no-store');
    await next();
  });

  router.get('/summary', async (ctx) => {
    ctx.body = await useCases.summarize.execute();
  });

  for (const kind of LEGAL_KINDS) {
    router.get(`/${kind}`, async (ctx) => {
      answerPage(ctx, await useCases.list.execute(kind, validate(KINDS[kind].list.query, ctx.query)));
    });

    router.post(`/${kind}`, async (ctx) => {
      ctx.status = 201;
      ctx.body = await useCases.create.execute(currentStaff(ctx), CREATE[kind](ctx.request.body));
    });

    router.get(`/${kind}/:id`, async (ctx) => {
      ctx.body = await useCases.get.execute(kind, validate(idParam, ctx.params).id);
    });

    router.patch(`/${kind}/:id`, async (ctx) => {
      const { id } = validate(idParam, ctx.params);
      ctx.body = await useCases.changeStatus.execute(currentStaff(ctx), CHANGE[kind](id, ctx.request.body));
    });
  }

  // Any other /api/legal/ path still passes the guard first, so without a staff token it is 401 like the rest.
  router.all(['/', '/{*rest}'], (ctx) => {
    throw new NotFound('REQUEST.NO_ROUTE', `No legal affairs route for ${ctx.method} ${ctx.path}`);
  });

  return router;
}
