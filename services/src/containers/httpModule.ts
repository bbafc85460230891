import { ContainerModule } from 'inversify';
import { createHttpApp } from '@groupflow/adapters/http/createHttpApp';
import { apiRateLimit } from '@groupflow/adapters/http/apiRateLimit';
import { referenceRoutes } from '@groupflow/adapters/http/routes/referenceRoutes';
import { remotesRoutes } from '@groupflow/adapters/http/routes/remotesRoutes';
import { contentSecurityPolicy, remoteOrigins } from '@groupflow/adapters/http/securityHeaders';
import {
  FetchRemoteManifest,
  FileRemoteManifest,
  type RemoteManifestSource,
} from '@groupflow/adapters/http/remoteManifests';
import { AREAS, type Area } from '@groupflow/core/contracts';
import { join } from 'node:path';
import { perArea, remotePrefix, type Config } from '../config.ts';
import servicesPackage from '../../package.json' with { type: 'json' };
import { bindFrom, TOKENS } from './tokens.ts';

const API_VERSION = servicesPackage.version;

/**
 * A remote this server hosts (its manifest address under the area's own prefix, the default) is read from its
 * dist folder; one on another origin (REMOTE_<AREA>_URL) is asked over HTTP.
 */
function remoteManifestSource(config: Config, area: Area): RemoteManifestSource {
  const url = config.remotes[area];
  const prefix = remotePrefix(area);
  if (url.startsWith(prefix))
    return new FileRemoteManifest(join(config.web.remoteDirs[area], url.slice(prefix.length)));
  return new FetchRemoteManifest(new URL(url, config.publicUrl).href, config.web.manifestTimeoutMs);
}

export const httpModule = new ContainerModule(({ bind }) => {
  bindFrom(bind, TOKENS.Routers, [TOKENS.Config], (config) => remotesRoutes(config.remotes)).inSingletonScope();
  bindFrom(bind, TOKENS.Routers, [], () => referenceRoutes(API_VERSION)).inSingletonScope();
  bindFrom(
    bind,
    TOKENS.HttpApp,
    [
      TOKENS.Config,
      TOKENS.Logger,
      TOKENS.Orm,
      { serviceIdentifier: TOKENS.Routers, isMultiple: true },
      { serviceIdentifier: TOKENS.FastRoutes, isMultiple: true },
      TOKENS.RequestMetrics,
      TOKENS.CustomerSessionStore,
      TOKENS.CookieSigner,
      TOKENS.ApiRateLimiters,
    ],
    (config, logger, orm, routers, fastRoutes, metrics, sessionStore, cookieSigner, apiLimits) =>
      createHttpApp({
        logger,
        orm,
        routers,
        fastRoutes,
        metrics,
        proxy: config.trustProxy,
        trustedProxyCount: config.trustedProxyCount,
        rateLimit: apiRateLimit(apiLimits),
        bodyLimit: config.bodyLimit,
        session: {
          keys: cookieSigner,
          store: sessionStore,
          maxAgeMs: config.customerSessions.lifetime.maxAgeMs,
          secure: config.env === 'production',
          publicOrigin: new URL(config.publicUrl).origin,
        },
        security: {
          contentSecurityPolicy: contentSecurityPolicy(remoteOrigins(Object.values(config.remotes), config.publicUrl)),
          strictTransportSecurity: config.env === 'production',
        },
        serveSourceMaps: config.env !== 'production',
        shellDir: config.web.shellDir,
        compressThresholdBytes: config.web.compressThresholdBytes,
        pages: {
          refreshMs: config.web.manifestRefreshMs,
          remotes: {
            urls: config.remotes,
            manifests: perArea((area) => remoteManifestSource(config, area)),
            onError: (error, area) => logger.warn({ err: error, area }, 'remote manifest unreadable'),
          },
        },
        mounts: [
          { prefix: '/', dir: config.web.shellDir },
          ...AREAS.map((area) => ({ prefix: remotePrefix(area), dir: config.web.remoteDirs[area] })),
        ],
      }),
  ).inSingletonScope();
});
