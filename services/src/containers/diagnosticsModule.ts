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
  type Clock,
  type Mailer,
} from '@groupflow/core';
import { MikroOrmDatabaseProbe } from '@groupflow/adapters/persistence/MikroOrmDatabaseProbe';
import { MikroOrmIncidentStore } from '@groupflow/adapters/persistence/diagnostics/MikroOrmIncidentStore';
import { MikroOrmFleetFigures } from '@groupflow/adapters/persistence/diagnostics/MikroOrmFleetFigures';
import { MikroOrmBotUptime } from '@groupflow/adapters/persistence/diagnostics/MikroOrmBotUptime';
import { FetchRobloxReachabilityCheck } from '@groupflow/adapters/roblox/FetchRobloxReachabilityCheck';
import { NodemailerMailCheck } from '@groupflow/adapters/mail/NodemailerMailCheck';
import { InMemoryRequestMetrics } from '@groupflow/adapters/http/metrics/InMemoryRequestMetrics';
import { healthFastPath } from '@groupflow/adapters/http/routes/healthRoutes';
import { statusRoutes } from '@groupflow/adapters/http/routes/statusRoutes';
import { bindFrom, TOKENS } from './tokens.ts';

export const diagnosticsModule = new ContainerModule(({ bind }) => {
  bind<Clock>(TOKENS.Clock).toConstantValue(systemClock);
  bindFrom(bind, TOKENS.DatabaseProbe, [TOKENS.Orm], (orm) => new MikroOrmDatabaseProbe(orm)).inSingletonScope();
  bindFrom(
    bind,
    TOKENS.CheckHealth,
    [TOKENS.DatabaseProbe, TOKENS.Clock, TOKENS.Config],
    (probe, clock, config) => new CheckHealth(probe, clock, config.healthDbTimeoutMs),
  ).inSingletonScope();
  bindFrom(
    bind,
    TOKENS.ProbedHealth,
    [TOKENS.CheckHealth, TOKENS.Clock, TOKENS.Config],
    (check, clock, config) => new ProbedHealth(check, clock, config.diagnostics.healthProbeIntervalMs),
  ).inSingletonScope();
  bindFrom(
    bind,
    TOKENS.RequestMetrics,
    [TOKENS.Config],
    (config) => new InMemoryRequestMetrics(config.diagnostics.metricsWindowMs),
  ).inSingletonScope();

  bindFrom(
    bind,
    TOKENS.ServiceChecks,
    [TOKENS.Config, TOKENS.ProbedHealth, TOKENS.RequestMetrics, TOKENS.Mailer, TOKENS.BotState, TOKENS.Clock],
    (config, health, metrics, mailer, bot, clock) => {
      const settings = config.diagnostics;
      return [
        new ApiServiceCheck(metrics, settings.apiDegradedBelowPercent),
        new DatabaseServiceCheck(health),
        new BotPresenceServiceCheck(bot, clock, config.discord.onlineWindowMs),
        new FetchRobloxReachabilityCheck(config.robloxApiBase, settings.statusCheckTimeoutMs),
        new NodemailerMailCheck(mailer as Mailer & { verify(): Promise<void> }),
      ];
    },
  ).inSingletonScope();
  bindFrom(
    bind,
    TOKENS.ServiceMonitor,
    [TOKENS.Config, TOKENS.Orm, TOKENS.ServiceChecks, TOKENS.Clock, TOKENS.ProbedHealth],
    (config, orm, checks, clock, health) => {
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
  ).inSingletonScope();
  bindFrom(
    bind,
    TOKENS.GetSystemStatus,
    [TOKENS.ServiceMonitor, TOKENS.RequestMetrics, TOKENS.Clock],
    (monitor, metrics, clock) => new GetSystemStatus(monitor, metrics, clock),
  ).inSingletonScope();
  bindFrom(bind, TOKENS.Routers, [TOKENS.GetSystemStatus], (getSystemStatus) =>
    statusRoutes(getSystemStatus),
  ).inSingletonScope();
  bindFrom(bind, TOKENS.FastRoutes, [TOKENS.ProbedHealth], (health) => healthFastPath(health)).inSingletonScope();
});
