import { ContainerModule } from 'inversify';
import {
  ChangeLegalStatus,
  CreateLegalRecord,
  GetLegalRecord,
  ListLegalRecords,
  SummarizeLegalAffairs,
} from '@groupflow/core';
import { legalRoutes } from '@groupflow/adapters/http/routes/legalRoutes';
import { MikroOrmCaseNumberSequence } from '@groupflow/adapters/persistence/legal/MikroOrmCaseNumberSequence';
import { mikroOrmLegalStores } from '@groupflow/adapters/persistence/legal/MikroOrmLegalStores';
import { MikroOrmLegalCustomers } from '@groupflow/adapters/persistence/legal/MikroOrmLegalCustomers';
import { bindFrom, TOKENS } from './tokens.ts';

/** The legal affairs area: its stores and routes; staff authentication and the activity log come from the staff module. */
export const legalModule = new ContainerModule(({ bind }) => {
  bindFrom(
    bind,
    TOKENS.Routers,
    [TOKENS.Config, TOKENS.Orm, TOKENS.AuthenticateStaff, TOKENS.StaffActivityLog, TOKENS.Transaction, TOKENS.Clock],
    (config, orm, authenticate, activities, transaction, clock) => {
      const stores = mikroOrmLegalStores(orm);
      return legalRoutes({
        authenticate,
        createLegalRecord: new CreateLegalRecord(
          stores,
          new MikroOrmLegalCustomers(orm),
          new MikroOrmCaseNumberSequence(orm),
          activities,
          transaction,
          clock,
        ),
        listLegalRecords: new ListLegalRecords(stores, config.legal.list),
        getLegalRecord: new GetLegalRecord(stores),
        changeLegalStatus: new ChangeLegalStatus(stores, activities, transaction, clock),
        summarizeLegalAffairs: new SummarizeLegalAffairs(stores),
      });
    },
  );
});
