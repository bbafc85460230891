import { randomUUID } from 'node:crypto';
import { ContainerModule } from 'inversify';
import {
  ApiServiceCheck,
  BotPresenceServiceCheck,
  CheckHealth,
  DatabaseServiceCheck,
  GetSystemStatus,
  ProbedHealth,
  ServiceMonitor,
  systemClock,
  type BotState,
  type Clock,
  type DatabaseProbe,
  type Mailer,
  type ServiceCheck,
} from '@groupflow/core';
import { MikroOrmDatabaseProbe } from '@groupflow/adapters/persistence/MikroOrmDatabaseProbe';
import { MikroOrmIncidentStore } from '@groupflow/adapters/persistence/diagnostics/MikroOrmIncidentStore';
import { MikroOrmFleetFigures } from '@groupflow/adapters/persistence/diagnostics/MikroOrmFleetFigures';
import { MikroOrmBotUptime } from '@groupflow/adapters/persistence/discord/MikroOrmBotUptime';
import { FetchRobloxReachabilityCheck } from '@groupflow/adapters/roblox/FetchRobloxReachabilityCheck';
import { NodemailerMailCheck } from '@groupflow/adapters/mail/NodemailerMailCheck';
import { InMemoryRequestMetrics } from '@groupflow/adapters/http/metrics/InMemoryRequestMetrics';
import type { Orm } from '@groupflow/adapters/persistence/database';
import { healthFastPath } from '@groupflow/adapters/http/routes/healthRoutes';
import { statusRoutes } from '@groupflow/adapters/http/routes/statusRoutes';
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
  bind<ProbedHealth>(TOKENS.ProbedHealth)
    .toResolvedValue(
      (check: CheckHealth, clock: Clock, config: Config) =>
        new ProbedHealth(check, clock, config.diagnostics.healthProbeIntervalMs),
      [TOKENS.CheckHealth, TOKENS.Clock, TOKENS.Config],
    )
    .inSingletonScope();
  bind<InMemoryRequestMetrics>(TOKENS.RequestMetrics)
    .toResolvedValue(
      (config: Config) => new InMemoryRequestMetrics(config.diagnostics.metricsWindowMs),
      [TOKENS.Config],
    )
    .inSingletonScope();

  bind<ServiceCheck[]>(TOKENS.ServiceChecks)
    .toResolvedValue(
      (
        config: Config,
        health: ProbedHealth,
        metrics: InMemoryRequestMetrics,
        mailer: Mailer,
        bot: BotState,
        clock: Clock,
      ) => {
        const settings = config.diagnostics;
        return [
          new ApiServiceCheck(metrics, settings.apiDegradedBelowPercent),
          new DatabaseServiceCheck(health),
          new BotPresenceServiceCheck(bot, clock, config.discord.onlineWindowMs),
          new FetchRobloxReachabilityCheck(config.robloxApiBase, settings.statusCheckTimeoutMs),
          new NodemailerMailCheck(mailer as Mailer & { verify(): Promise<void> }),
        ];
      },
      [TOKENS.Config, TOKENS.ProbedHealth, TOKENS.RequestMetrics, TOKENS.Mailer, TOKENS.BotState, TOKENS.Clock],
    )
    .inSingletonScope();
  bind<ServiceMonitor>(TOKENS.ServiceMonitor)
    .toResolvedValue(
      (config: Config, orm: Orm, checks: ServiceCheck[], clock: Clock, health: ProbedHealth) => {
        const fleet = new MikroOrmFleetFigures(orm);
        const monitor = new ServiceMonitor({
          checks,
          store: new MikroOrmIncidentStore(orm),
          bots: fleet,
          botUptime: new MikroOrmBotUptime(orm),
          users: fleet,
          clock,
          newId: randomUUID,
          settings: {
            intervalMs: config.diagnostics.statusCheckIntervalMs,
            checkTimeoutMs: config.diagnostics.statusCheckTimeoutMs,
            incidentsShown: config.diagnostics.incidentsShown,
          },
        });
        // The health probe sees the database every second; its changes reach the status page at once.
        health.onReport((report) => void monitor.observe('Database', DatabaseServiceCheck.resultOf(report)));
        return monitor;
      },
      [TOKENS.Config, TOKENS.Orm, TOKENS.ServiceChecks, TOKENS.Clock, TOKENS.ProbedHealth],
    )
    .inSingletonScope();
  bind<GetSystemStatus>(TOKENS.GetSystemStatus)
    .toResolvedValue(
      (monitor: ServiceMonitor, metrics: InMemoryRequestMetrics, clock: Clock) =>
        new GetSystemStatus(monitor, metrics, clock),
      [TOKENS.ServiceMonitor, TOKENS.RequestMetrics, TOKENS.Clock],
    )
    .inSingletonScope();
  bind(TOKENS.Routers)
    .toResolvedValue((getSystemStatus: GetSystemStatus) => statusRoutes(getSystemStatus), [TOKENS.GetSystemStatus])
    .inSingletonScope();
  bind(TOKENS.FastRoutes)
    .toResolvedValue((health: ProbedHealth) => healthFastPath(health), [TOKENS.ProbedHealth])
    .inSingletonScope();
});
