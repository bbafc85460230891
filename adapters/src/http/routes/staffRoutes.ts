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
import { API } from '@groupflow/core/contracts';
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
const DEVICE_COOKIE_PATH = API.staff.loginStaff.path;

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

  route(router, API.staff.loginStaff, async ({ body, ctx }) => {
    const outcome = await useCases.loginStaff.execute(body, signInSource(ctx));
    return outcome.mfaRequired ? { mfaRequired: true as const, mfaToken: outcome.mfaToken } : signedIn(ctx, outcome);
  });
  route(router, API.staff.completeStaffMfaLogin, async ({ body, ctx }) =>
    signedIn(ctx, await useCases.completeStaffMfaLogin.execute(body, signInSource(ctx))),
  );
  route(router, API.staff.setUpStaffMfa, ({ caller }) => useCases.setUpStaffMfa.execute(caller.staff));
  route(router, API.staff.enableStaffMfa, ({ caller, body }) =>
    useCases.enableStaffMfa.execute(caller.staff, body.code, caller.token),
  );
  route(router, API.staff.disableStaffMfa, async ({ caller, body, ctx }) => {
    await useCases.disableStaffMfa.execute(caller.staff, body.code, {
      token: caller.token,
      clientAddress: clientAddressKey(ctx.ip),
    });
  });
  route(router, API.staff.resetStaffMfa, async ({ caller, body }) => {
    await useCases.resetStaffMfa.execute(caller.staff, body.staffId);
  });
  route(router, API.staff.validateToken, ({ caller }) => toSignedInStaffUser(caller.staff, settings.mfa));
  route(router, API.staff.logoutStaff, async ({ caller }) => {
    await useCases.logoutStaff.execute(caller.token);
  });
  route(router, API.staff.changeStaffPassword, ({ caller, body, ctx }) =>
    useCases.changeStaffPassword.execute(caller.staff, body, {
      token: caller.token,
      clientAddress: clientAddressKey(ctx.ip),
    }),
  );
  // The HR dialog names the mailbox every action is reported to.
  route(router, API.staff.getSettings, () => ({ leadershipEmail: settings.leadershipEmail }));
  route(router, API.staff.clockIn, ({ caller }) => useCases.clockIn.execute(caller.staff.id));
  route(router, API.staff.clockOut, ({ caller }) => useCases.clockOut.execute(caller.staff.id));
  route(router, API.staff.listStaff, () => useCases.listStaff.execute());
  route(router, API.staff.listStaffActivities, ({ query }) => useCases.listStaffActivities.execute(query));
  route(router, API.staff.createStaffUser, ({ caller, body }) => useCases.createStaffUser.execute(caller.staff, body));
  route(router, API.staff.performHrAction, async ({ caller, body }) => {
    const { action, emailSent } = await useCases.performHrAction.execute(caller.staff, body);
    return { ...action, emailSent };
  });
  route(router, API.staff.resetStaffPassword, ({ caller, body }) =>
    useCases.resetStaffPassword.execute(caller.staff, body.email),
  );
  route(router, API.staff.deleteStaffUser, async ({ caller, params }) => {
    await useCases.deleteStaffUser.execute(caller.staff, params.id);
  });
  return router;
}
