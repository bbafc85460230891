import type Router from '@koa/router';
import type {
  AuthenticateStaff,
  BanCustomer,
  ChangeCustomerRole,
  ListCustomerAccounts,
  SearchCustomers,
  UnbanCustomer,
} from '@groupflow/core';
import { API } from '@groupflow/core/contracts';
import { apiRouter, route } from '../route.ts';

export interface CustomerAccountUseCases {
  authenticate: AuthenticateStaff;
  listCustomerAccounts: ListCustomerAccounts;
  searchCustomers: SearchCustomers;
  banCustomer: BanCustomer;
  unbanCustomer: UnbanCustomer;
  changeCustomerRole: ChangeCustomerRole;
}

/**
 * Staff calls on customer accounts (bans, roles). The guard checks each endpoint's permission; the use cases check
 * it again, as every staff use case does.
 */
export function customerAccountRoutes(useCases: CustomerAccountUseCases): Router {
  const router = apiRouter({ authenticateStaff: useCases.authenticate });
  route(router, API.customer.listCustomerAccounts, ({ caller, query, ctx }) => {
    ctx.set('Cache-Control', 'no-store');
    return useCases.listCustomerAccounts.execute(caller.staff, query.search);
  });
  route(router, API.customer.searchCustomers, ({ query }) => useCases.searchCustomers.execute(query.q));
  route(router, API.customer.banCustomer, ({ caller, body }) => useCases.banCustomer.execute(caller.staff, body));
  route(router, API.customer.unbanCustomer, ({ caller, body }) => useCases.unbanCustomer.execute(caller.staff, body));
  route(router, API.customer.changeCustomerRole, ({ caller, body }) =>
    useCases.changeCustomerRole.execute(caller.staff, body),
  );
  return router;
}
