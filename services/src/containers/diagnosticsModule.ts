import { ContainerModule } from 'inversify';
import { CheckHealth, systemClock, type Clock, type DatabaseProbe } from '@groupflow/core';
import { MikroOrmDatabaseProbe } from '@groupflow/adapters/persistence/MikroOrmDatabaseProbe';
import type { Orm } from '@groupflow/adapters/persistence/database';
import { healthRoutes } from '@groupflow/adapters/http/routes/healthRoutes';
import type { Config } from '../config.ts';
import { TOKENS } from './tokens.ts';

export const diagnosticsModule = new ContainerModule(({ bind }) => {
  bind<Clock>(TOKENS.Clock).toConstantValue(systemClock);
  bind<DatabaseProbe>(TOKENS.DatabaseProbe)
    .toResolvedValue((orm: Orm) => new MikroOrmDatabaseProbe(orm), [TOKENS.Orm])
    .inSingletonScope();
  bind<CheckHealth>(TOKENS.CheckHealth)
    .toResolvedValue(
      (probe: DatabaseProbe, clock: Clock, config: Config) => new CheckHealth(probe, clock, config.healthDbTimeoutMs),
      [TOKENS.DatabaseProbe, TOKENS.Clock, TOKENS.Config],
    )
    .inSingletonScope();
  bind(TOKENS.Routers)
    .toResolvedValue((checkHealth: CheckHealth) => healthRoutes(checkHealth), [TOKENS.CheckHealth])
    .inSingletonScope();
});
