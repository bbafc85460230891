import type Router from '@koa/router';
import type {
  AuthenticateStaff,
  ChangeLegalStatus,
  CreateLegalRecord,
  GetLegalRecord,
  ListLegalRecords,
  SummarizeLegalAffairs,
} from '@groupflow/core';
import { API, LEGAL_API_PREFIX, LEGAL_KIND_ENDPOINTS } from '@groupflow/core/contracts';
import { apiRouter, refuseUnknown, route } from '../route.ts';

export interface LegalUseCases {
  authenticate: AuthenticateStaff;
  createLegalRecord: CreateLegalRecord;
  listLegalRecords: ListLegalRecords;
  getLegalRecord: GetLegalRecord;
  changeLegalStatus: ChangeLegalStatus;
  summarizeLegalAffairs: SummarizeLegalAffairs;
}

/**
 * Legal affairs (spec 2 section 7 plus detail, status change and summary; docs/legal-affairs.md). Every call
 * needs a staff bearer token: a customer session cookie is not a staff credential.
 */
export function legalRoutes(useCases: LegalUseCases): Router {
  const router = apiRouter({ authenticateStaff: useCases.authenticate });
  route(router, API.legal.summarizeLegalAffairs, () => useCases.summarizeLegalAffairs.execute());

  route(router, LEGAL_KIND_ENDPOINTS.cases.listLegalRecords, ({ query }) =>
    useCases.listLegalRecords.execute('cases', query),
  );
  route(router, LEGAL_KIND_ENDPOINTS.cases.createLegalRecord, ({ caller, body }) =>
    useCases.createLegalRecord.execute(caller.staff, { kind: 'cases', input: body }),
  );
  route(router, LEGAL_KIND_ENDPOINTS.cases.getLegalRecord, ({ params }) =>
    useCases.getLegalRecord.execute('cases', params.id),
  );
  route(router, LEGAL_KIND_ENDPOINTS.cases.changeLegalStatus, ({ caller, params, body }) =>
    useCases.changeLegalStatus.execute(caller.staff, { kind: 'cases', id: params.id, ...body }),
  );

  route(router, LEGAL_KIND_ENDPOINTS.violations.listLegalRecords, ({ query }) =>
    useCases.listLegalRecords.execute('violations', query),
  );
  route(router, LEGAL_KIND_ENDPOINTS.violations.createLegalRecord, ({ caller, body }) =>
    useCases.createLegalRecord.execute(caller.staff, { kind: 'violations', input: body }),
  );
  route(router, LEGAL_KIND_ENDPOINTS.violations.getLegalRecord, ({ params }) =>
    useCases.getLegalRecord.execute('violations', params.id),
  );
  route(router, LEGAL_KIND_ENDPOINTS.violations.changeLegalStatus, ({ caller, params, body }) =>
    useCases.changeLegalStatus.execute(caller.staff, { kind: 'violations', id: params.id, ...body }),
  );

  route(router, LEGAL_KIND_ENDPOINTS.documents.listLegalRecords, ({ query }) =>
    useCases.listLegalRecords.execute('documents', query),
  );
  route(router, LEGAL_KIND_ENDPOINTS.documents.createLegalRecord, ({ caller, body }) =>
    useCases.createLegalRecord.execute(caller.staff, { kind: 'documents', input: body }),
  );
  route(router, LEGAL_KIND_ENDPOINTS.documents.getLegalRecord, ({ params }) =>
    useCases.getLegalRecord.execute('documents', params.id),
  );
  route(router, LEGAL_KIND_ENDPOINTS.documents.changeLegalStatus, ({ caller, params, body }) =>
    useCases.changeLegalStatus.execute(caller.staff, { kind: 'documents', id: params.id, ...body }),
  );

  route(router, LEGAL_KIND_ENDPOINTS.compliance.listLegalRecords, ({ query }) =>
    useCases.listLegalRecords.execute('compliance', query),
  );
  route(router, LEGAL_KIND_ENDPOINTS.compliance.createLegalRecord, ({ caller, body }) =>
    useCases.createLegalRecord.execute(caller.staff, { kind: 'compliance', input: body }),
  );
  route(router, LEGAL_KIND_ENDPOINTS.compliance.getLegalRecord, ({ params }) =>
    useCases.getLegalRecord.execute('compliance', params.id),
  );
  route(router, LEGAL_KIND_ENDPOINTS.compliance.changeLegalStatus, ({ caller, params, body }) =>
    useCases.changeLegalStatus.execute(caller.staff, { kind: 'compliance', id: params.id, ...body }),
  );

  // Any other legal path still passes the guard first, so without a staff token it is 401 like the rest.
  refuseUnknown(router, {
    prefix: LEGAL_API_PREFIX,
    name: 'legal affairs',
    auth: API.legal.summarizeLegalAffairs.auth,
  });
  return router;
}
