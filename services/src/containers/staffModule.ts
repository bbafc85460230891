import { ContainerModule } from 'inversify';
import {
  AuthenticateStaff,
  ChangeStaffPassword,
  ClockIn,
  ClockOut,
  CreateStaffUser,
  DeleteStaffUser,
  EnsureFirstOwner,
  ListStaff,
  ListStaffActivities,
  LoginStaff,
  LogoutStaff,
  PerformHrAction,
  ProvisionStaffMember,
  ResetStaffPassword,
  type Clock,
  type HrActionRepository,
  type LoginThrottles,
  type Mailer,
  type PasswordHasher,
  type StaffActivityLog,
  type StaffRepository,
  type StaffSessions,
  type TemporaryPasswords,
  type TokenGenerator,
  type Transaction,
} from '@groupflow/core';
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
import { TOKENS } from './tokens.ts';
import { LIMITS } from './limitsModule.ts';

/** Tokens of ports only the staff area binds; AuthenticateStaff and StaffActivityLog are shared via TOKENS. */
export const STAFF = {
  Repository: Symbol.for('StaffRepository'),
  Sessions: Symbol.for('StaffSessions'),
  Hasher: Symbol.for('PasswordHasher'),
  Tokens: Symbol.for('TokenGenerator'),
  TemporaryPasswords: Symbol.for('TemporaryPasswords'),
  HrActions: Symbol.for('HrActionRepository'),
  Provision: Symbol.for('ProvisionStaffMember'),
  EnsureFirstOwner: Symbol.for('EnsureFirstOwner'),
} as const;

export const staffModule = new ContainerModule(({ bind }) => {
  const orm: [symbol] = [TOKENS.Orm];
  bind<StaffRepository>(STAFF.Repository).toResolvedValue((o: Orm) => new MikroOrmStaffRepository(o), orm);
  bind<StaffSessions>(STAFF.Sessions).toResolvedValue((o: Orm) => new MikroOrmStaffSessions(o), orm);
  bind<HrActionRepository>(STAFF.HrActions).toResolvedValue((o: Orm) => new MikroOrmHrActionRepository(o), orm);
  bind<StaffActivityLog>(TOKENS.StaffActivityLog).toResolvedValue((o: Orm) => new MikroOrmStaffActivityLog(o), orm);
  bind<PasswordHasher>(STAFF.Hasher).toConstantValue(new ScryptPasswordHasher());
  bind<TokenGenerator>(STAFF.Tokens).toConstantValue(new CryptoTokenGenerator());
  bind<TemporaryPasswords>(STAFF.TemporaryPasswords).toConstantValue(new CryptoTemporaryPasswords());

  bind(TOKENS.AuthenticateStaff).toResolvedValue(
    (sessions: StaffSessions, tokens: TokenGenerator, clock: Clock) => new AuthenticateStaff(sessions, tokens, clock),
    [STAFF.Sessions, STAFF.Tokens, TOKENS.Clock],
  );
  bind(STAFF.Provision).toResolvedValue(
    (staff: StaffRepository, hasher: PasswordHasher) => new ProvisionStaffMember(staff, hasher),
    [STAFF.Repository, STAFF.Hasher],
  );
  bind(STAFF.EnsureFirstOwner).toResolvedValue(
    (staff: StaffRepository, provision: ProvisionStaffMember) => new EnsureFirstOwner(staff, provision),
    [STAFF.Repository, STAFF.Provision],
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
    ) =>
      staffRoutes(
        {
          authenticate,
          login: new LoginStaff(staff, sessions, hasher, tokens, throttles, clock, config.staff.auth),
          logout: new LogoutStaff(sessions, tokens),
          changePassword: new ChangeStaffPassword(staff, hasher, sessions, tokens, throttles.account),
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
        { leadershipEmail: config.mail.leadershipEmail },
      ),
    [
      TOKENS.Config,
      TOKENS.AuthenticateStaff,
      STAFF.Repository,
      STAFF.Sessions,
      STAFF.Hasher,
      STAFF.Tokens,
      STAFF.TemporaryPasswords,
      LIMITS.StaffLogin,
      STAFF.HrActions,
      TOKENS.StaffActivityLog,
      TOKENS.Mailer,
      TOKENS.Transaction,
      TOKENS.Clock,
    ],
  );
});
