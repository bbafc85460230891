import { ContainerModule } from 'inversify';
import type { BotState, GuildDirectory, RoleProblemLog, ServerConfigs, ServerSyncRuns } from '@groupflow/core';
import type { Orm } from '@groupflow/adapters/persistence/database';
import { MikroOrmBotState } from '@groupflow/adapters/persistence/discord/MikroOrmBotState';
import { MikroOrmServerConfigs } from '@groupflow/adapters/persistence/discord/MikroOrmServerConfigs';
import { MikroOrmRoleProblemLog } from '@groupflow/adapters/persistence/discord/MikroOrmRoleProblemLog';
import { MikroOrmGuildDirectory } from '@groupflow/adapters/persistence/discord/MikroOrmGuildDirectory';
import { MikroOrmServerSyncRuns } from '@groupflow/adapters/persistence/discord/MikroOrmServerSyncRuns';
import { TOKENS } from './tokens.ts';

export const discordStateModule = new ContainerModule(({ bind }) => {
  bind<BotState>(TOKENS.BotState)
    .toResolvedValue((orm: Orm) => new MikroOrmBotState(orm), [TOKENS.Orm])
    .inSingletonScope();
  bind<ServerConfigs>(TOKENS.ServerConfigs)
    .toResolvedValue((orm: Orm) => new MikroOrmServerConfigs(orm), [TOKENS.Orm])
    .inSingletonScope();
  bind<RoleProblemLog>(TOKENS.RoleProblemLog)
    .toResolvedValue((orm: Orm) => new MikroOrmRoleProblemLog(orm), [TOKENS.Orm])
    .inSingletonScope();
  bind<GuildDirectory>(TOKENS.GuildDirectory).toResolvedValue(
    (orm: Orm) => new MikroOrmGuildDirectory(orm),
    [TOKENS.Orm],
  );
  bind<ServerSyncRuns>(TOKENS.ServerSyncRuns)
    .toResolvedValue((orm: Orm) => new MikroOrmServerSyncRuns(orm), [TOKENS.Orm])
    .inSingletonScope();
});
