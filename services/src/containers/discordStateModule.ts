import { ContainerModule } from 'inversify';
import type { BotState, GuildDirectory, RoleProblemLog, ServerConfigs, ServerSyncRuns } from '@groupflow/core';
import type { Orm } from '@groupflow/adapters/persistence/database';
import { MikroOrmBotState } from '@groupflow/adapters/persistence/discord/MikroOrmBotState';
import { MikroOrmServerConfigs } from '@groupflow/adapters/persistence/discord/MikroOrmServerConfigs';
import { MikroOrmRoleProblemLog } from '@groupflow/adapters/persistence/discord/MikroOrmRoleProblemLog';
import { MikroOrmGuildDirectory } from '@groupflow/adapters/persistence/discord/MikroOrmGuildDirectory';
import { MikroOrmServerSyncRuns } from '@groupflow/adapters/persistence/discord/MikroOrmServerSyncRuns';
import { TOKENS } from './tokens.ts';

/** What the bot and the API share through PostgreSQL; loaded by both composition roots. */
export const DISCORD_STATE = {
  BotState: Symbol.for('BotState'),
  ServerConfigs: Symbol.for('ServerConfigs'),
  RoleProblems: Symbol.for('RoleProblemLog'),
  GuildDirectory: Symbol.for('GuildDirectory'),
  ServerSyncRuns: Symbol.for('ServerSyncRuns'),
} as const;

export const discordStateModule = new ContainerModule(({ bind }) => {
  bind<BotState>(DISCORD_STATE.BotState)
    .toResolvedValue((orm: Orm) => new MikroOrmBotState(orm), [TOKENS.Orm])
    .inSingletonScope();
  bind<ServerConfigs>(DISCORD_STATE.ServerConfigs)
    .toResolvedValue((orm: Orm) => new MikroOrmServerConfigs(orm), [TOKENS.Orm])
    .inSingletonScope();
  bind<RoleProblemLog>(DISCORD_STATE.RoleProblems)
    .toResolvedValue((orm: Orm) => new MikroOrmRoleProblemLog(orm), [TOKENS.Orm])
    .inSingletonScope();
  bind<GuildDirectory>(DISCORD_STATE.GuildDirectory).toResolvedValue(
    (orm: Orm) => new MikroOrmGuildDirectory(orm),
    [TOKENS.Orm],
  );
  bind<ServerSyncRuns>(DISCORD_STATE.ServerSyncRuns)
    .toResolvedValue((orm: Orm) => new MikroOrmServerSyncRuns(orm), [TOKENS.Orm])
    .inSingletonScope();
});
