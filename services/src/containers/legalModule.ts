import { ContainerModule } from 'inversify';
import {
  ChangeLegalStatus,
  CreateLegalRecord,
  GetLegalRecord,
  ListLegalRecords,
  SummarizeLegalAffairs,
  type AuthenticateStaff,
  type Clock,
  type StaffActivityLog,
  type Transaction,
} from '@groupflow/core';
import { legalRoutes } from '@groupflow/adapters/http/routes/legalRoutes';
import type { Orm } from '@groupflow/adapters/persistence/database';
import { MikroOrmCaseNumberSequence } from '@groupflow/adapters/persistence/legal/MikroOrmCaseNumberSequence';
import { mikroOrmLegalStores } from '@groupflow/adapters/persistence/legal/MikroOrmLegalStores';
import type { Config } from '../config.ts';
import { TOKENS } from './tokens.ts';

/** The legal affairs area: its stores and routes; staff authentication and the activity log come from the staff module. */
export const legalModule = new ContainerModule(({ bind }) => {
  bind(TOKENS.Routers).toResolvedValue(
    (
      config: Config,
      orm: Orm,
      authenticate: AuthenticateStaff,
      activities: StaffActivityLog,
      transaction: Transaction,
      clock: Clock,
    ) => {
      const stores = mikroOrmLegalStores(orm);
      return legalRoutes({
        authenticate,
        create: new CreateLegalRecord(stores, new MikroOrmCaseNumberSequence(orm), activities, transaction, clock),
        list: new ListLegalRecords(stores, config.legal.list),
        get: new GetLegalRecord(stores),
        changeStatus: new ChangeLegalStatus(stores, activities, transaction, clock),
        summarize: new SummarizeLegalAffairs(stores),
      });
    },
    [TOKENS.Config, TOKENS.Orm, TOKENS.AuthenticateStaff, TOKENS.StaffActivityLog, TOKENS.Transaction, TOKENS.Clock],
  );
});
