import { Container } from 'inversify';
import type { Logger } from 'pino';
import { createServer, type Server } from 'node:http';
import { inRequestContext, type Orm } from '@groupflow/adapters/persistence/database';
import type { Config } from './config.ts';
import { diagnosticsModule } from './containers/diagnosticsModule.ts';
import { httpModule } from './containers/httpModule.ts';
import { customerModule } from './containers/customerModule.ts';
import { discordStateModule } from './containers/discordStateModule.ts';
import { infrastructureModule } from './containers/infrastructureModule.ts';
import { jobsModule } from './containers/jobsModule.ts';
import { legalModule } from './containers/legalModule.ts';
import { limitsModule } from './containers/limitsModule.ts';
import { staffModule } from './containers/staffModule.ts';
import { serversModule } from './containers/serversModule.ts';
import { supportModule } from './containers/supportModule.ts';
import { robloxModule } from './containers/robloxModule.ts';
import { robloxPortsModule } from './containers/robloxPortsModule.ts';
import { workspaceModule } from './containers/workspaceModule.ts';
import { sessionsModule } from './containers/sessionsModule.ts';
import { resolve, TOKENS } from './containers/tokens.ts';

/** Composition root of the HTTP API: binds every area's ports to adapters and returns the Koa app. */
export function buildApiContainer(config: Config, logger: Logger, orm: Orm): Container {
  const container = new Container({ defaultScope: 'Singleton' });
  container.bind(TOKENS.Config).toConstantValue(config);
  container.bind(TOKENS.Logger).toConstantValue(logger);
  container.bind(TOKENS.Orm).toConstantValue(orm);
  container.load(
    diagnosticsModule,
    infrastructureModule,
    limitsModule,
    discordStateModule,
    jobsModule,
    sessionsModule,
    staffModule,
    customerModule,
    serversModule,
    robloxPortsModule,
    robloxModule,
    workspaceModule,
    legalModule,
    supportModule,
    httpModule,
  );
  return container;
}

export interface RunningApi {
  server: Server;
  url: string;
  close(): Promise<void>;
}

/** STAFF_OWNER_EMAIL / STAFF_OWNER_PASSWORD: the first platform_owner, only while there are no staff at all. */
async function ensureFirstOwner(container: Container, config: Config, logger: Logger, orm: Orm): Promise<void> {
  const owner = config.staff.owner;
  if (owner === undefined) return;
  const created = await inRequestContext(orm, () => resolve(container, TOKENS.EnsureFirstOwner).execute(owner));
  if (created) logger.info({ email: created.email }, 'created the first platform owner');
}

export async function startApi(config: Config, logger: Logger, orm: Orm): Promise<RunningApi> {
  const container = buildApiContainer(config, logger, orm);
  await ensureFirstOwner(container, config, logger, orm);
  const app = resolve(container, TOKENS.HttpApp);
  // After the app: every cache has subscribed by now, so the first connection listens to all their channels.
  const notifications = resolve(container, TOKENS.PostgresNotifications);
  await notifications.start();
  // Background loops: the health probe behind /api/health and the service checks behind /api/status.
  const health = resolve(container, TOKENS.ProbedHealth);
  const monitor = resolve(container, TOKENS.ServiceMonitor);
  // Listening before serving: an event published elsewhere after this process answers is never missed.
  const ticketEvents = resolve(container, TOKENS.TicketEvents);
  await ticketEvents.start();
  const server = createServer(app.callback());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host}:${port}`;
  health.start();
  monitor.start();
  const autoPromotion = resolve(container, TOKENS.WorkspaceAutoPromotion);
  autoPromotion.start();
  const quotaBehind = resolve(container, TOKENS.WorkspaceQuotaBehind);
  quotaBehind.start();
  const openCloudKeyLapse = resolve(container, TOKENS.WorkspaceOpenCloudKeyLapse);
  openCloudKeyLapse.start();
  // Reminders are notifications first: they go out from the API, with or without a running bot.
  await resolve(container, TOKENS.WorkspaceSessionReminders).start();
  const mailDigest = resolve(container, TOKENS.TicketMailDigestTimer);
  mailDigest.start();
  const slaBreaches = resolve(container, TOKENS.SlaBreachTimer);
  slaBreaches.start();
  const inboundMail = config.support.email.inbound ? resolve(container, TOKENS.InboundMail) : undefined;
  const inboundMailPort = await inboundMail?.start();
  if (inboundMailPort !== undefined) logger.info({ port: inboundMailPort }, 'inbound ticket mail listening');
  logger.info({ url }, 'api listening');
  return {
    server,
    url,
    close: async () => {
      health.stop();
      autoPromotion.stop();
      quotaBehind.stop();
      openCloudKeyLapse.stop();
      await Promise.all([mailDigest.stop(), slaBreaches.stop(), inboundMail?.stop()]);
      await Promise.all([
        monitor.stop(),
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        }),
      ]);
      // Started only if a request queued a job (RoleSyncQueue); stops its pool.
      await resolve(container, TOKENS.PgBossJobs).stop();
      await notifications.close();
      await ticketEvents.stop();
    },
  };
}
