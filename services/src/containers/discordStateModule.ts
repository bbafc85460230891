import { ContainerModule } from 'inversify';
import { MikroOrmBotState } from '@groupflow/adapters/persistence/discord/MikroOrmBotState';
import { MikroOrmServerConfigs } from '@groupflow/adapters/persistence/discord/MikroOrmServerConfigs';
import { MikroOrmRoleProblemLog } from '@groupflow/adapters/persistence/discord/MikroOrmRoleProblemLog';
import { MikroOrmGuildDirectory } from '@groupflow/adapters/persistence/discord/MikroOrmGuildDirectory';
import { MikroOrmServerSyncRuns } from '@groupflow/adapters/persistence/discord/MikroOrmServerSyncRuns';
import { bindFrom, TOKENS } from './tokens.ts';

export const discordStateModule = new ContainerModule(({ bind }) => {
  bindFrom(bind, TOKENS.BotState, [TOKENS.Orm], (orm) => new MikroOrmBotState(orm)).inSingletonScope();
  bindFrom(bind, TOKENS.ServerConfigs, [TOKENS.Orm], (orm) => new MikroOrmServerConfigs(orm)).inSingletonScope();
  bindFrom(bind, TOKENS.RoleProblemLog, [TOKENS.Orm], (orm) => new MikroOrmRoleProblemLog(orm)).inSingletonScope();
  bindFrom(bind, TOKENS.GuildDirectory, [TOKENS.Orm], (orm) => new MikroOrmGuildDirectory(orm));
  bindFrom(bind, TOKENS.ServerSyncRuns, [TOKENS.Orm], (orm) => new MikroOrmServerSyncRuns(orm)).inSingletonScope();
});
