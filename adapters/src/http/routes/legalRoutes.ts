import type Router from '@koa/router';
import type {
  AuthenticateStaff,
  ChangeLegalStatus,
  CreateLegalRecord,
  GetLegalRecord,
  ListLegalRecords,
  SummarizeLegalAffairs,
} from '@groupflow/core';
import { API, LEGAL_API_PREFIX, LEGAL_KIND_ENDPOINTS as KINDS } from '@groupflow/core/contracts';
import { apiRouter, refuseUnknown, route } from '../route.ts';

export interface LegalUseCases {
  authenticate: AuthenticateStaff;
  create: CreateLegalRecord;
  list: ListLegalRecords;
  get: GetLegalRecord;
  changeStatus: ChangeLegalStatus;
  summarizeLegalAffairs: SummarizeLegalAffairs;
}

/**
 * Legal affairs (spec 2 section 7 plus detail, status change and summary; docs/legal-affairs.md). Every call
 * needs a staff bearer token: a customer session cookie is not a staff credential.
 */
export function legalRoutes(useCases: LegalUseCases): Router {
  const router = apiRouter({ authenticateStaff: useCases.authenticate });
  route(router, API.legal.summarizeLegalAffairs, () => useCases.summarizeLegalAffairs.execute());

  route(router, KINDS.cases.list, ({ query }) => useCases.list.execute('cases', query));
  route(router, KINDS.cases.create, ({ caller, body }) =>
    useCases.create.execute(caller.staff, { kind: 'cases', input: body }),
  );
  route(router, KINDS.cases.get, ({ params }) => useCases.get.execute('cases', params.id));
  route(router, KINDS.cases.change, ({ caller, params, body }) =>
    useCases.changeStatus.execute(caller.staff, { kind: 'cases', id: params.id, ...body }),
  );

  route(router, KINDS.violations.list, ({ query }) => useCases.list.execute('violations', query));
  route(router, KINDS.violations.create, ({ caller, body }) =>
    useCases.create.execute(caller.staff, { kind: 'violations', input: body }),
  );
  route(router, KINDS.violations.get, ({ params }) => useCases.get.execute('violations', params.id));
  route(router, KINDS.violations.change, ({ caller, params, body }) =>
    useCases.changeStatus.execute(caller.staff, { kind: 'violations', id: params.id, ...body }),
  );

  route(router, KINDS.documents.list, ({ query }) => useCases.list.execute('documents', query));
  route(router, KINDS.documents.create, ({ caller, body }) =>
    useCases.create.execute(caller.staff, { kind: 'documents', input: body }),
  );
  route(router, KINDS.documents.get, ({ params }) => useCases.get.execute('documents', params.id));
  route(router, KINDS.documents.change, ({ caller, params, body }) =>
    useCases.changeStatus.execute(caller.staff, { kind: 'documents', id: params.id, ...body }),
  );

  route(router, KINDS.compliance.list, ({ query }) => useCases.list.execute('compliance', query));
  route(router, KINDS.compliance.create, ({ caller, body }) =>
    useCases.create.execute(caller.staff, { kind: 'compliance', input: body }),
  );
  route(router, KINDS.compliance.get, ({ params }) => useCases.get.execute('compliance', params.id));
  route(router, KINDS.compliance.change, ({ caller, params, body }) =>
    useCases.changeStatus.execute(caller.staff, { kind: 'compliance', id: params.id, ...body }),
  );

  // Any other legal path still passes the guard first, so without a staff token it is 401 like the rest.
  refuseUnknown(router, {
    prefix: LEGAL_API_PREFIX,
    name: 'legal affairs',
    auth: API.legal.summarizeLegalAffairs.auth,
  });
  return router;
}
