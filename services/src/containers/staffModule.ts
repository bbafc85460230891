import { ContainerModule } from 'inversify';
import {
  AuthenticateStaff,
  AuthenticateStaffSession,
  ChangeStaffPassword,
  ClockIn,
  ClockOut,
  CompleteStaffMfaLogin,
  CreateStaffUser,
  DeleteStaffUser,
  DisableStaffMfa,
  EnableStaffMfa,
  EnsureFirstOwner,
  ListStaff,
  ListStaffActivities,
  LoginStaff,
  LogoutStaff,
  MfaCodeCheck,
  PerformHrAction,
  ProvisionStaffMember,
  ResetStaffMfa,
  ResetStaffPassword,
  SetUpStaffMfa,
  SignInAttempts,
  StaffSecurityNotices,
  StartStaffSession,
  type PasswordHasher,
  type TemporaryPasswords,
  type TokenGenerator,
} from '@groupflow/core';
import { AesGcmSecretBox } from '@groupflow/adapters/crypto/AesGcmSecretBox';
import { CryptoRecoveryCodes } from '@groupflow/adapters/crypto/CryptoRecoveryCodes';
import { HmacTrustedDevices } from '@groupflow/adapters/crypto/HmacTrustedDevices';
import { OtplibTotpCodes } from '@groupflow/adapters/crypto/OtplibTotpCodes';
import { QrcodeSvg } from '@groupflow/adapters/crypto/QrcodeSvg';
import { MikroOrmStaffMfa } from '@groupflow/adapters/persistence/staff/MikroOrmStaffMfa';
import { MikroOrmStaffMfaChallenges } from '@groupflow/adapters/persistence/staff/MikroOrmStaffMfaChallenges';
import { CryptoTemporaryPasswords } from '@groupflow/adapters/crypto/CryptoTemporaryPasswords';
import { CryptoTokenGenerator } from '@groupflow/adapters/crypto/CryptoTokenGenerator';
import { ScryptPasswordHasher } from '@groupflow/adapters/crypto/ScryptPasswordHasher';
import { staffRoutes } from '@groupflow/adapters/http/routes/staffRoutes';
import { MikroOrmHrActionRepository } from '@groupflow/adapters/persistence/staff/MikroOrmHrActionRepository';
import { MikroOrmStaffActivityLog } from '@groupflow/adapters/persistence/staff/MikroOrmStaffActivityLog';
import { MikroOrmStaffRepository } from '@groupflow/adapters/persistence/staff/MikroOrmStaffRepository';
import { MikroOrmStaffSessions } from '@groupflow/adapters/persistence/staff/MikroOrmStaffSessions';
import { loadSessionSecret } from '../sessionSecret.ts';
import { bindFrom, TOKENS } from './tokens.ts';

export const staffModule = new ContainerModule(({ bind }) => {
  const orm = [TOKENS.Orm] as const;
  bindFrom(bind, TOKENS.StaffRepository, orm, (o) => new MikroOrmStaffRepository(o));
  bindFrom(bind, TOKENS.StaffSessions, orm, (o) => new MikroOrmStaffSessions(o));
  bindFrom(bind, TOKENS.HrActionRepository, orm, (o) => new MikroOrmHrActionRepository(o));
  bindFrom(bind, TOKENS.StaffActivityLog, orm, (o) => new MikroOrmStaffActivityLog(o));
  bind<PasswordHasher>(TOKENS.PasswordHasher).toConstantValue(new ScryptPasswordHasher());
  bind<TokenGenerator>(TOKENS.TokenGenerator).toConstantValue(new CryptoTokenGenerator());
  bind<TemporaryPasswords>(TOKENS.TemporaryPasswords).toConstantValue(new CryptoTemporaryPasswords());
  bindFrom(
    bind,
    TOKENS.StaffMfa,
    [TOKENS.Orm, TOKENS.Config],
    (o, config) => new MikroOrmStaffMfa(o, new AesGcmSecretBox(loadSessionSecret(config), 'staff-mfa-secrets')),
  );
  bindFrom(bind, TOKENS.StaffMfaChallenges, orm, (o) => new MikroOrmStaffMfaChallenges(o));
  bindFrom(bind, TOKENS.TotpCodes, [TOKENS.Config], (config) => new OtplibTotpCodes(config.staff.mfa.issuer));
  bindFrom(
    bind,
    TOKENS.TrustedDevices,
    [TOKENS.Config, TOKENS.Clock],
    (config, clock) => new HmacTrustedDevices(loadSessionSecret(config), config.staff.deviceCookieMaxAgeMs, clock),
  );

  bindFrom(
    bind,
    TOKENS.AuthenticateStaffSession,
    [TOKENS.StaffSessions, TOKENS.Clock, TOKENS.Config],
    (sessions, clock, config) => new AuthenticateStaffSession(sessions, clock, config.staff.mfa),
  );
  bindFrom(
    bind,
    TOKENS.AuthenticateStaff,
    [TOKENS.AuthenticateStaffSession, TOKENS.TokenGenerator],
    (session, tokens) => new AuthenticateStaff(session, tokens),
  );
  bindFrom(
    bind,
    TOKENS.ProvisionStaffMember,
    [TOKENS.StaffRepository, TOKENS.PasswordHasher],
    (staff, hasher) => new ProvisionStaffMember(staff, hasher),
  );
  bindFrom(
    bind,
    TOKENS.EnsureFirstOwner,
    [TOKENS.StaffRepository, TOKENS.ProvisionStaffMember],
    (staff, provision) => new EnsureFirstOwner(staff, provision),
  );

  bindFrom(
    bind,
    TOKENS.Routers,
    [
      TOKENS.Config,
      TOKENS.AuthenticateStaff,
      TOKENS.StaffRepository,
      TOKENS.StaffSessions,
      TOKENS.PasswordHasher,
      TOKENS.TokenGenerator,
      TOKENS.TemporaryPasswords,
      TOKENS.LoginThrottles,
      TOKENS.HrActionRepository,
      TOKENS.StaffActivityLog,
      TOKENS.Mailer,
      TOKENS.Transaction,
      TOKENS.Clock,
      TOKENS.StaffMfa,
      TOKENS.StaffMfaChallenges,
      TOKENS.TotpCodes,
      TOKENS.TrustedDevices,
    ],
    (
      config,
      authenticate,
      staff,
      sessions,
      hasher,
      tokens,
      temporaryPasswords,
      throttles,
      hrActions,
      activities,
      mailer,
      transaction,
      clock,
      mfa,
      challenges,
      totp,
      devices,
    ) => {
      const attempts = new SignInAttempts(throttles, devices, staff);
      const session = new StartStaffSession(staff, sessions, tokens, devices, clock, {
        tokenLifetimeMs: config.staff.auth.tokenLifetimeMs,
        mfa: config.staff.mfa,
      });
      const recovery = new CryptoRecoveryCodes(loadSessionSecret(config));
      const codes = new MfaCodeCheck({ mfa, totp, recovery, tokens, clock });
      const notices = new StaffSecurityNotices(mailer, clock);
      return staffRoutes(
        {
          authenticate,
          loginStaff: new LoginStaff(
            { staff, hasher, tokens, attempts, challenges, session, clock },
            config.staff.auth,
          ),
          completeStaffMfaLogin: new CompleteStaffMfaLogin(
            { staff, challenges, tokens, attempts, codes, session, notices, clock },
            config.staff.mfa,
          ),
          setUpStaffMfa: new SetUpStaffMfa(mfa, totp, new QrcodeSvg()),
          enableStaffMfa: new EnableStaffMfa({
            mfa,
            totp,
            recovery,
            tokens,
            sessions,
            notices,
            activities,
            transaction,
            clock,
          }),
          disableStaffMfa: new DisableStaffMfa({
            mfa,
            codes,
            loginAttempts: throttles.account,
            sessions,
            tokens,
            activities,
            transaction,
            policy: config.staff.mfa,
          }),
          resetStaffMfa: new ResetStaffMfa({ staff, sessions, mfa, activities, transaction }),
          logoutStaff: new LogoutStaff(sessions, tokens),
          changeStaffPassword: new ChangeStaffPassword(
            staff,
            hasher,
            sessions,
            tokens,
            throttles.account,
            config.staff.mfa,
          ),
          clockIn: new ClockIn(staff, clock, activities),
          clockOut: new ClockOut(staff, clock, activities),
          listStaff: new ListStaff(staff),
          listStaffActivities: new ListStaffActivities(activities, config.staff.activities),
          createStaffUser: new CreateStaffUser(staff, hasher, activities),
          deleteStaffUser: new DeleteStaffUser(staff, sessions, activities, transaction),
          performHrAction: new PerformHrAction(staff, sessions, hrActions, activities, mailer, transaction, clock, {
            leadershipEmail: config.mail.leadershipEmail,
          }),
          resetStaffPassword: new ResetStaffPassword(
            staff,
            sessions,
            hasher,
            temporaryPasswords,
            activities,
            transaction,
          ),
        },
        {
          leadershipEmail: config.mail.leadershipEmail,
          mfa: config.staff.mfa,
          deviceCookie: { secure: config.env === 'production', maxAgeMs: config.staff.deviceCookieMaxAgeMs },
        },
      );
    },
  );
});
