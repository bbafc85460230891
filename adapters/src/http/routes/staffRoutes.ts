import Router from '@koa/router';
import type { Middleware } from 'koa';
import type {
  AuthenticateStaff,
  ChangeStaffPassword,
  ClockIn,
  ClockOut,
  CreateStaffUser,
  DeleteStaffUser,
  ListStaff,
  ListStaffActivities,
  LoginStaff,
  LogoutStaff,
  PerformHrAction,
  ResetStaffPassword,
} from '@groupflow/core';
import { toSessionStaffUser } from '@groupflow/core';
import { idParamsSchema, staffEndpoints as STAFF } from '@groupflow/core/contracts';
import { bearerToken, currentStaff, staffAuth } from '../auth/staffAuth.ts';
import { answerPage } from '../paging.ts';
import { validate } from '../validate.ts';

export interface StaffUseCases {
  authenticate: AuthenticateStaff;
  login: LoginStaff;
  logout: LogoutStaff;
  changePassword: ChangeStaffPassword;
  clockIn: ClockIn;
  clockOut: ClockOut;
  list: ListStaff;
  activities: ListStaffActivities;
  create: CreateStaffUser;
  remove: DeleteStaffUser;
  hrAction: PerformHrAction;
  resetPassword: ResetStaffPassword;
}

/** The /api/staff/ calls of spec 2 section 7; who may do what is decided by the use cases. */
export function staffRoutes(useCases: StaffUseCases, settings: { leadershipEmail: string }): Router {
  const router = new Router({ prefix: '/api/staff' });
  const staff = staffAuth(useCases.authenticate);
  // The few calls a member who logged in with an issued password may make before choosing their own.
  const staffPendingPassword = staffAuth(useCases.authenticate, { allowPendingPasswordChange: true });
  const noStore: Middleware = async (ctx, next) => {
    ctx.set('Cache-Control', 'no-store');
    await next();
  };
  router.use(noStore);

  router.post('/login', async (ctx) => {
    ctx.body = await useCases.login.execute(validate(STAFF.login.body, ctx.request.body), ctx.ip);
  });

  router.post('/validate-token', staffPendingPassword, (ctx) => {
    ctx.body = toSessionStaffUser(currentStaff(ctx));
  });

  router.post('/logout', staffPendingPassword, async (ctx) => {
    await useCases.logout.execute(bearerToken(ctx) ?? '');
    ctx.status = 204;
  });

  router.post('/change-password', staffPendingPassword, async (ctx) => {
    ctx.body = await useCases.changePassword.execute(
      currentStaff(ctx),
      validate(STAFF.changePassword.body, ctx.request.body),
      {
        token: bearerToken(ctx) ?? '',
        clientAddress: ctx.ip,
      },
    );
  });

  // The HR dialog names the mailbox every action is reported to.
  router.get('/settings', staff, (ctx) => {
    ctx.body = { leadershipEmail: settings.leadershipEmail };
  });

  router.post('/clock-in', staff, async (ctx) => {
    ctx.body = await useCases.clockIn.execute(currentStaff(ctx).id);
  });

  router.post('/clock-out', staff, async (ctx) => {
    ctx.body = await useCases.clockOut.execute(currentStaff(ctx).id);
  });

  router.get('/all', staff, async (ctx) => {
    ctx.body = await useCases.list.execute();
  });

  router.get('/activities', staff, async (ctx) => {
    answerPage(ctx, await useCases.activities.execute(validate(STAFF.listActivities.query, ctx.query)));
  });

  router.post('/create', staff, async (ctx) => {
    ctx.status = 201;
    ctx.body = await useCases.create.execute(currentStaff(ctx), validate(STAFF.createUser.body, ctx.request.body));
  });

  router.post('/hr-action', staff, async (ctx) => {
    const { action, emailSent } = await useCases.hrAction.execute(
      currentStaff(ctx),
      validate(STAFF.hrAction.body, ctx.request.body),
    );
    ctx.body = { ...action, emailSent };
  });

  router.post('/reset-password', staff, async (ctx) => {
    const { email } = validate(STAFF.resetPassword.body, ctx.request.body);
    ctx.body = await useCases.resetPassword.execute(currentStaff(ctx), email);
  });

  router.delete('/:id', staff, async (ctx) => {
    const { id } = validate(idParamsSchema, ctx.params);
    await useCases.remove.execute(currentStaff(ctx), id);
    ctx.status = 204;
  });

  return router;
}
