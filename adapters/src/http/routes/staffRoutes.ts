import type Router from '@koa/router';
import type { Context } from 'koa';
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
import { staffEndpoints as STAFF } from '@groupflow/core/contracts';
import { clientAddressKey } from '../clientAddressKey.ts';
import { apiRouter, route } from '../route.ts';

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
// Both sign-in steps live under the first's path, so the cookie goes with them and nowhere else.
const DEVICE_COOKIE_PATH = STAFF.login.path;

/** The staff calls of spec 2 section 7; who may do what is declared by each endpoint and decided by the use cases. */
export function staffRoutes(useCases: StaffUseCases, settings: StaffRouteSettings): Router {
  const router = apiRouter({ authenticateStaff: useCases.authenticate });
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

  route(router, STAFF.login, async ({ body, ctx }) => {
    const outcome = await useCases.login.execute(body, signInSource(ctx));
    return outcome.mfaRequired ? { mfaRequired: true as const, mfaToken: outcome.mfaToken } : signedIn(ctx, outcome);
  });
  route(router, STAFF.loginMfa, async ({ body, ctx }) =>
    signedIn(ctx, await useCases.loginMfa.execute(body, signInSource(ctx))),
  );
  route(router, STAFF.setupMfa, ({ caller }) => useCases.setupMfa.execute(caller.staff));
  route(router, STAFF.enableMfa, ({ caller, body }) =>
    useCases.enableMfa.execute(caller.staff, body.code, caller.token),
  );
  route(router, STAFF.disableMfa, async ({ caller, body, ctx }) => {
    await useCases.disableMfa.execute(caller.staff, body.code, {
      token: caller.token,
      clientAddress: clientAddressKey(ctx.ip),
    });
  });
  route(router, STAFF.resetMfa, async ({ caller, body }) => {
    await useCases.resetMfa.execute(caller.staff, body.staffId);
  });
  route(router, STAFF.validateToken, ({ caller }) => toSignedInStaffUser(caller.staff, settings.mfa));
  route(router, STAFF.logout, async ({ caller }) => {
    await useCases.logout.execute(caller.token);
  });
  route(router, STAFF.changePassword, ({ caller, body, ctx }) =>
    useCases.changePassword.execute(caller.staff, body, {
      token: caller.token,
      clientAddress: clientAddressKey(ctx.ip),
    }),
  );
  // The HR dialog names the mailbox every action is reported to.
  route(router, STAFF.getSettings, () => ({ leadershipEmail: settings.leadershipEmail }));
  route(router, STAFF.clockIn, ({ caller }) => useCases.clockIn.execute(caller.staff.id));
  route(router, STAFF.clockOut, ({ caller }) => useCases.clockOut.execute(caller.staff.id));
  route(router, STAFF.listStaff, () => useCases.list.execute());
  route(router, STAFF.listActivities, ({ query }) => useCases.activities.execute(query));
  route(router, STAFF.createUser, ({ caller, body }) => useCases.create.execute(caller.staff, body));
  route(router, STAFF.hrAction, async ({ caller, body }) => {
    const { action, emailSent } = await useCases.hrAction.execute(caller.staff, body);
    return { ...action, emailSent };
  });
  route(router, STAFF.resetPassword, ({ caller, body }) => useCases.resetPassword.execute(caller.staff, body.email));
  route(router, STAFF.deleteUser, async ({ caller, params }) => {
    await useCases.remove.execute(caller.staff, params.id);
  });
  return router;
}
