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
  loginStaff: LoginStaff;
  logoutStaff: LogoutStaff;
  changeStaffPassword: ChangeStaffPassword;
  clockIn: ClockIn;
  clockOut: ClockOut;
  listStaff: ListStaff;
  listStaffActivities: ListStaffActivities;
  createStaffUser: CreateStaffUser;
  deleteStaffUser: DeleteStaffUser;
  performHrAction: PerformHrAction;
  resetStaffPassword: ResetStaffPassword;
  completeStaffMfaLogin: CompleteStaffMfaLogin;
  setUpStaffMfa: SetUpStaffMfa;
  enableStaffMfa: EnableStaffMfa;
  disableStaffMfa: DisableStaffMfa;
  resetStaffMfa: ResetStaffMfa;
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
const DEVICE_COOKIE_PATH = STAFF.loginStaff.path;

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

  route(router, STAFF.loginStaff, async ({ body, ctx }) => {
    const outcome = await useCases.loginStaff.execute(body, signInSource(ctx));
    return outcome.mfaRequired ? { mfaRequired: true as const, mfaToken: outcome.mfaToken } : signedIn(ctx, outcome);
  });
  route(router, STAFF.completeStaffMfaLogin, async ({ body, ctx }) =>
    signedIn(ctx, await useCases.completeStaffMfaLogin.execute(body, signInSource(ctx))),
  );
  route(router, STAFF.setUpStaffMfa, ({ caller }) => useCases.setUpStaffMfa.execute(caller.staff));
  route(router, STAFF.enableStaffMfa, ({ caller, body }) =>
    useCases.enableStaffMfa.execute(caller.staff, body.code, caller.token),
  );
  route(router, STAFF.disableStaffMfa, async ({ caller, body, ctx }) => {
    await useCases.disableStaffMfa.execute(caller.staff, body.code, {
      token: caller.token,
      clientAddress: clientAddressKey(ctx.ip),
    });
  });
  route(router, STAFF.resetStaffMfa, async ({ caller, body }) => {
    await useCases.resetStaffMfa.execute(caller.staff, body.staffId);
  });
  route(router, STAFF.validateToken, ({ caller }) => toSignedInStaffUser(caller.staff, settings.mfa));
  route(router, STAFF.logoutStaff, async ({ caller }) => {
    await useCases.logoutStaff.execute(caller.token);
  });
  route(router, STAFF.changeStaffPassword, ({ caller, body, ctx }) =>
    useCases.changeStaffPassword.execute(caller.staff, body, {
      token: caller.token,
      clientAddress: clientAddressKey(ctx.ip),
    }),
  );
  // The HR dialog names the mailbox every action is reported to.
  route(router, STAFF.getSettings, () => ({ leadershipEmail: settings.leadershipEmail }));
  route(router, STAFF.clockIn, ({ caller }) => useCases.clockIn.execute(caller.staff.id));
  route(router, STAFF.clockOut, ({ caller }) => useCases.clockOut.execute(caller.staff.id));
  route(router, STAFF.listStaff, () => useCases.listStaff.execute());
  route(router, STAFF.listStaffActivities, ({ query }) => useCases.listStaffActivities.execute(query));
  route(router, STAFF.createStaffUser, ({ caller, body }) => useCases.createStaffUser.execute(caller.staff, body));
  route(router, STAFF.performHrAction, async ({ caller, body }) => {
    const { action, emailSent } = await useCases.performHrAction.execute(caller.staff, body);
    return { ...action, emailSent };
  });
  route(router, STAFF.resetStaffPassword, ({ caller, body }) =>
    useCases.resetStaffPassword.execute(caller.staff, body.email),
  );
  route(router, STAFF.deleteStaffUser, async ({ caller, params }) => {
    await useCases.deleteStaffUser.execute(caller.staff, params.id);
  });
  return router;
}
