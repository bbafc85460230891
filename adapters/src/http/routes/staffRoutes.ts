import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import type {
  AuthenticateStaff,
  ChangeStaffPassword,
  ClockIn,
  ClockOut,
  CompleteStaffMfaLogin,
  CreateStaffUser,
  DeleteStaffUser,
  DisableStaffMfa,
  EnableStaffMfa,
  ListStaff,
  ListStaffActivities,
  LoginStaff,
  LogoutStaff,
  MfaPolicy,
  PerformHrAction,
  ResetStaffMfa,
  ResetStaffPassword,
  SetUpStaffMfa,
  SignInSource,
  StaffSignedIn,
} from '@groupflow/core';
import { toSignedInStaffUser } from '@groupflow/core';
import { idParamsSchema, staffEndpoints as STAFF } from '@groupflow/core/contracts';
import { bearerToken, currentStaff, staffAuth } from '../auth/staffAuth.ts';
import { clientAddressKey } from '../clientAddressKey.ts';
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
  loginMfa: CompleteStaffMfaLogin;
  setupMfa: SetUpStaffMfa;
  enableMfa: EnableStaffMfa;
  disableMfa: DisableStaffMfa;
  resetMfa: ResetStaffMfa;
}

export interface StaffRouteSettings {
  leadershipEmail: string;
  mfa: MfaPolicy;
  /** The device cookie of OWASP's pattern (see SignInAttempts): Secure in production, and how long it lasts. */
  deviceCookie: { secure: boolean; maxAgeMs: number };
}

/** Sent only with sign-in calls; `__Secure-` makes the browser refuse it over plain HTTP or from a script. */
export const deviceCookieName = (secure: boolean) => (secure ? '__Secure-gf_staff_device' : 'gf_staff_device');
const DEVICE_COOKIE_PATH = '/api/staff/login';

/** The /api/staff/ calls of spec 2 section 7; who may do what is decided by the use cases. */
export function staffRoutes(useCases: StaffUseCases, settings: StaffRouteSettings): Router {
  const router = new Router({ prefix: '/api/staff' });
  const staff = staffAuth(useCases.authenticate);
  // The few calls a member who logged in with an issued password may make before choosing their own.
  const staffPendingPassword = staffAuth(useCases.authenticate, { allowPendingPasswordChange: true });
  // And those a member whose role requires two-factor authentication may make before enrolling.
  const staffPendingMfa = staffAuth(useCases.authenticate, { allowPendingMfaEnrollment: true });
  const staffPendingAny = staffAuth(useCases.authenticate, {
    allowPendingPasswordChange: true,
    allowPendingMfaEnrollment: true,
  });
  const cookieName = deviceCookieName(settings.deviceCookie.secure);
  const signInSource = (ctx: Context): SignInSource => ({
    clientAddress: clientAddressKey(ctx.ip),
    deviceCookie: ctx.cookies.get(cookieName, { signed: false }),
  });
  const signedIn = (ctx: Context, { token, user, deviceCookie }: StaffSignedIn) => {
    ctx.cookies.set(cookieName, deviceCookie, {
      signed: false,
      httpOnly: true,
      sameSite: 'strict',
      secure: settings.deviceCookie.secure,
      path: DEVICE_COOKIE_PATH,
      maxAge: settings.deviceCookie.maxAgeMs,
    });
    return { token, user };
  };
  const noStore: Middleware = async (ctx, next) => {
    ctx.set('Cache-Control', 'no-store');
    await next();
  };
  router.use(noStore);

  router.post('/login', async (ctx) => {
    const outcome = await useCases.login.execute(validate(STAFF.login.body, ctx.request.body), signInSource(ctx));
    ctx.body = outcome.mfaRequired ? { mfaRequired: true, mfaToken: outcome.mfaToken } : signedIn(ctx, outcome);
  });

  router.post('/login/mfa', async (ctx) => {
    const body = validate(STAFF.loginMfa.body, ctx.request.body);
    ctx.body = signedIn(ctx, await useCases.loginMfa.execute(body, signInSource(ctx)));
  });

  router.post('/mfa/setup', staffPendingMfa, async (ctx) => {
    ctx.body = await useCases.setupMfa.execute(currentStaff(ctx));
  });

  router.post('/mfa/enable', staffPendingMfa, async (ctx) => {
    const { code } = validate(STAFF.enableMfa.body, ctx.request.body);
    ctx.body = await useCases.enableMfa.execute(currentStaff(ctx), code);
  });

  router.post('/mfa/disable', staff, async (ctx) => {
    const { code } = validate(STAFF.disableMfa.body, ctx.request.body);
    await useCases.disableMfa.execute(currentStaff(ctx), code, clientAddressKey(ctx.ip));
    ctx.status = 204;
  });

  router.post('/mfa/reset', staff, async (ctx) => {
    const { staffId } = validate(STAFF.resetMfa.body, ctx.request.body);
    await useCases.resetMfa.execute(currentStaff(ctx), staffId);
    ctx.status = 204;
  });

  router.post('/validate-token', staffPendingAny, (ctx) => {
    ctx.body = toSignedInStaffUser(currentStaff(ctx), settings.mfa);
  });

  router.post('/logout', staffPendingAny, async (ctx) => {
    await useCases.logout.execute(bearerToken(ctx) ?? '');
    ctx.status = 204;
  });

  router.post('/change-password', staffPendingPassword, async (ctx) => {
    ctx.body = await useCases.changePassword.execute(
      currentStaff(ctx),
      validate(STAFF.changePassword.body, ctx.request.body),
      {
        token: bearerToken(ctx) ?? '',
        clientAddress: clientAddressKey(ctx.ip),
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
