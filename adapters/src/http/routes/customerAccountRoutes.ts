import type Router from '@koa/router';
import type {
  AuthenticateStaff,
  BanCustomer,
  ChangeCustomerRole,
  ListCustomerAccounts,
  SearchCustomers,
  UnbanCustomer,
} from '@groupflow/core';
import { customerAccountEndpoints as ACCOUNTS } from '@groupflow/core/contracts';
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
  route(router, ACCOUNTS.listCustomerAccounts, ({ caller, query, ctx }) => {
    ctx.set('Cache-Control', 'no-store');
    return useCases.listCustomerAccounts.execute(caller.staff, query.search);
  });
  route(router, ACCOUNTS.searchCustomers, ({ query }) => useCases.searchCustomers.execute(query.q));
  route(router, ACCOUNTS.banCustomer, ({ caller, body }) => useCases.banCustomer.execute(caller.staff, body));
  route(router, ACCOUNTS.unbanCustomer, ({ caller, body }) => useCases.unbanCustomer.execute(caller.staff, body));
  route(router, ACCOUNTS.changeCustomerRole, ({ caller, body }) =>
    useCases.changeCustomerRole.execute(caller.staff, body),
  );
  return router;
}
