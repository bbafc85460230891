import Router from '@koa/router';
import type {
  AuthenticateStaff,
  BanCustomer,
  ChangeCustomerRole,
  ListCustomerAccounts,
  UnbanCustomer,
} from '@groupflow/core';
import { customerAccountEndpoints as ACCOUNTS } from '@groupflow/core/contracts';
import { currentStaff, staffAuth } from '../auth/staffAuth.ts';
import { validate } from '../validate.ts';

export interface CustomerAccountUseCases {
  authenticate: AuthenticateStaff;
  list: ListCustomerAccounts;
  ban: BanCustomer;
  unban: UnbanCustomer;
  changeRole: ChangeCustomerRole;
}

/** Staff calls on customer accounts (bans, roles); which member may make each is decided by the use cases. */
export function customerAccountRoutes(useCases: CustomerAccountUseCases): Router {
  const router = new Router();
  const staff = staffAuth(useCases.authenticate);

  router.get(ACCOUNTS.listCustomers.path, staff, async (ctx) => {
    const { search } = validate(ACCOUNTS.listCustomers.query, ctx.query);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await useCases.list.execute(currentStaff(ctx), search);
  });

  router.post(ACCOUNTS.banCustomer.path, staff, async (ctx) => {
    ctx.body = await useCases.ban.execute(currentStaff(ctx), validate(ACCOUNTS.banCustomer.body, ctx.request.body));
  });

  router.post(ACCOUNTS.unbanCustomer.path, staff, async (ctx) => {
    ctx.body = await useCases.unban.execute(currentStaff(ctx), validate(ACCOUNTS.unbanCustomer.body, ctx.request.body));
  });

  router.post(ACCOUNTS.changeCustomerRole.path, staff, async (ctx) => {
    ctx.body = await useCases.changeRole.execute(
      currentStaff(ctx),
      validate(ACCOUNTS.changeCustomerRole.body, ctx.request.body),
    );
  });

  return router;
}
