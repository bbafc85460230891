import { Container } from 'inversify';
import type Koa from 'koa';
import type { Logger } from 'pino';
import { createServer, type Server } from 'node:http';
import type { Orm } from '@groupflow/adapters/persistence/database';
import type { Config } from './config.ts';
import { TOKENS } from './containers/tokens.ts';
import { diagnosticsModule } from './containers/diagnosticsModule.ts';
import { httpModule } from './containers/httpModule.ts';
import { customerModule } from './containers/customerModule.ts';

/** Composition root of the HTTP API: binds every area's ports to adapters and returns the Koa app. */
export function buildApiContainer(config: Config, logger: Logger, orm: Orm): Container {
  const container = new Container({ defaultScope: 'Singleton' });
  container.bind(TOKENS.Config).toConstantValue(config);
  container.bind(TOKENS.Logger).toConstantValue(logger);
  container.bind(TOKENS.Orm).toConstantValue(orm);
  container.load(diagnosticsModule, customerModule, httpModule);
  return container;
}

export interface RunningApi {
  server: Server;
  url: string;
  close(): Promise<void>;
}

export async function startApi(config: Config, logger: Logger, orm: Orm): Promise<RunningApi> {
  const app = buildApiContainer(config, logger, orm).get<Koa>(TOKENS.HttpApp);
  const server = createServer(app.callback());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host}:${port}`;
  logger.info({ url }, 'api listening');
  return {
    server,
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
