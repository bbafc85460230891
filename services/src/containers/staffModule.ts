import { ContainerModule } from 'inversify';
import {
  AuthenticateStaff,
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
  type Clock,
  type HrActionRepository,
  type LoginThrottles,
  type Mailer,
  type PasswordHasher,
  type StaffActivityLog,
  type StaffMfa,
  type StaffMfaChallenges,
  type StaffRepository,
  type StaffSessions,
  type TemporaryPasswords,
  type TokenGenerator,
  type TotpCodes,
  type Transaction,
  type TrustedDevices,
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
import type { Orm } from '@groupflow/adapters/persistence/database';
import { MikroOrmHrActionRepository } from '@groupflow/adapters/persistence/staff/MikroOrmHrActionRepository';
import { MikroOrmStaffActivityLog } from '@groupflow/adapters/persistence/staff/MikroOrmStaffActivityLog';
import { MikroOrmStaffRepository } from '@groupflow/adapters/persistence/staff/MikroOrmStaffRepository';
import { MikroOrmStaffSessions } from '@groupflow/adapters/persistence/staff/MikroOrmStaffSessions';
import type { Config } from '../config.ts';
import { loadSessionSecret } from '../sessionSecret.ts';
import { TOKENS } from './tokens.ts';

export const staffModule = new ContainerModule(({ bind }) => {
  const orm: [symbol] = [TOKENS.Orm];
  bind<StaffRepository>(TOKENS.StaffRepository).toResolvedValue((o: Orm) => new MikroOrmStaffRepository(o), orm);
  bind<StaffSessions>(TOKENS.StaffSessions).toResolvedValue((o: Orm) => new MikroOrmStaffSessions(o), orm);
  bind<HrActionRepository>(TOKENS.HrActionRepository).toResolvedValue(
    (o: Orm) => new MikroOrmHrActionRepository(o),
    orm,
  );
  bind<StaffActivityLog>(TOKENS.StaffActivityLog).toResolvedValue((o: Orm) => new MikroOrmStaffActivityLog(o), orm);
  bind<PasswordHasher>(TOKENS.PasswordHasher).toConstantValue(new ScryptPasswordHasher());
  bind<TokenGenerator>(TOKENS.TokenGenerator).toConstantValue(new CryptoTokenGenerator());
  bind<TemporaryPasswords>(TOKENS.TemporaryPasswords).toConstantValue(new CryptoTemporaryPasswords());
  bind<StaffMfa>(TOKENS.StaffMfa).toResolvedValue(
    (o: Orm, config: Config) =>
      new MikroOrmStaffMfa(o, new AesGcmSecretBox(loadSessionSecret(config), 'staff-mfa-secrets')),
    [TOKENS.Orm, TOKENS.Config],
  );
  bind<StaffMfaChallenges>(TOKENS.StaffMfaChallenges).toResolvedValue(
    (o: Orm) => new MikroOrmStaffMfaChallenges(o),
    orm,
  );
  bind<TotpCodes>(TOKENS.TotpCodes).toResolvedValue(
    (config: Config) => new OtplibTotpCodes(config.staff.mfa.issuer),
    [TOKENS.Config],
  );
  bind<TrustedDevices>(TOKENS.TrustedDevices).toResolvedValue(
    (config: Config, clock: Clock) =>
      new HmacTrustedDevices(loadSessionSecret(config), config.staff.deviceCookieMaxAgeMs, clock),
    [TOKENS.Config, TOKENS.Clock],
  );

  bind(TOKENS.AuthenticateStaff).toResolvedValue(
    (sessions: StaffSessions, tokens: TokenGenerator, clock: Clock, config: Config) =>
      new AuthenticateStaff(sessions, tokens, clock, config.staff.mfa),
    [TOKENS.StaffSessions, TOKENS.TokenGenerator, TOKENS.Clock, TOKENS.Config],
  );
  bind(TOKENS.ProvisionStaffMember).toResolvedValue(
    (staff: StaffRepository, hasher: PasswordHasher) => new ProvisionStaffMember(staff, hasher),
    [TOKENS.StaffRepository, TOKENS.PasswordHasher],
  );
  bind(TOKENS.EnsureFirstOwner).toResolvedValue(
    (staff: StaffRepository, provision: ProvisionStaffMember) => new EnsureFirstOwner(staff, provision),
    [TOKENS.StaffRepository, TOKENS.ProvisionStaffMember],
  );

  bind(TOKENS.Routers).toResolvedValue(
    (
      config: Config,
      authenticate: AuthenticateStaff,
      staff: StaffRepository,
      sessions: StaffSessions,
      hasher: PasswordHasher,
      tokens: TokenGenerator,
      temporaryPasswords: TemporaryPasswords,
      throttles: LoginThrottles,
      hrActions: HrActionRepository,
      activities: StaffActivityLog,
      mailer: Mailer,
      transaction: Transaction,
      clock: Clock,
      mfa: StaffMfa,
      challenges: StaffMfaChallenges,
      totp: TotpCodes,
      devices: TrustedDevices,
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
          login: new LoginStaff({ staff, hasher, tokens, attempts, challenges, session, clock }, config.staff.auth),
          loginMfa: new CompleteStaffMfaLogin(
            { staff, challenges, tokens, attempts, codes, session, notices, clock },
            config.staff.mfa,
          ),
          setupMfa: new SetUpStaffMfa(mfa, totp, new QrcodeSvg()),
          enableMfa: new EnableStaffMfa({
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
          disableMfa: new DisableStaffMfa({
            mfa,
            codes,
            loginAttempts: throttles.account,
            sessions,
            tokens,
            activities,
            transaction,
            policy: config.staff.mfa,
          }),
          resetMfa: new ResetStaffMfa({ staff, sessions, mfa, activities, transaction }),
          logout: new LogoutStaff(sessions, tokens),
          changePassword: new ChangeStaffPassword(staff, hasher, sessions, tokens, throttles.account, config.staff.mfa),
          clockIn: new ClockIn(staff, clock, activities),
          clockOut: new ClockOut(staff, clock, activities),
          list: new ListStaff(staff),
          activities: new ListStaffActivities(activities, config.staff.activities),
          create: new CreateStaffUser(staff, hasher, activities),
          remove: new DeleteStaffUser(staff, sessions, activities, transaction),
          hrAction: new PerformHrAction(staff, sessions, hrActions, activities, mailer, transaction, clock, {
            leadershipEmail: config.mail.leadershipEmail,
          }),
          resetPassword: new ResetStaffPassword(staff, sessions, hasher, temporaryPasswords, activities, transaction),
        },
        {
          leadershipEmail: config.mail.leadershipEmail,
          mfa: config.staff.mfa,
          deviceCookie: { secure: config.env === 'production', maxAgeMs: config.staff.deviceCookieMaxAgeMs },
        },
      );
    },
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
  );
});
