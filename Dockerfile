# syntax=docker/dockerfile:1.7
# One application image whose role is chosen by its command (api, bot, migrate, all), and a static image that
# serves the three remotes from their own origin. Build: docker build -t groupflow . (see docs/deployment.md).

FROM node:24-bookworm-slim AS build
WORKDIR /app
# Chromium is only for the test suite; the build needs none of it.
COPY package.json package-lock.json lerna.json tsconfig.base.json tsconfig.web.json ./
COPY core/package.json core/
COPY adapters/package.json adapters/
COPY services/package.json services/
COPY shell/package.json shell/
COPY shell/kit/package.json shell/kit/
COPY mf-customer/package.json mf-customer/
COPY mf-staff/package.json mf-staff/
COPY mf-legal/package.json mf-legal/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Production dependencies only: the server runs its TypeScript directly (Node 24 strips types).
FROM build AS prune
RUN npm prune --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim AS app
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=5000
WORKDIR /app
COPY --from=prune --chown=node:node /app/node_modules node_modules
COPY --from=build --chown=node:node /app/package.json /app/lerna.json ./
COPY --from=build --chown=node:node /app/core core
COPY --from=build --chown=node:node /app/adapters adapters
COPY --from=build --chown=node:node /app/services services
COPY --from=build --chown=node:node /app/shell/dist shell/dist
COPY --from=build --chown=node:node /app/shell/kit/package.json shell/kit/package.json
COPY --chown=node:node deploy/entrypoint.sh /usr/local/bin/groupflow
USER node
EXPOSE 5000
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["groupflow", "healthcheck"]
ENTRYPOINT ["groupflow"]
CMD ["api"]

# The remotes, each released on its own: any static host works. This one is Debian's nginx with its brotli_static
# module, so the build's .br and .gz copies go out as they are (deploy/remotes.nginx.conf), and it adds the CORS
# header module federation needs to fetch manifests and chunks from the shell's origin.
FROM debian:bookworm-slim AS remotes
RUN apt-get update \
  && apt-get install -y --no-install-recommends nginx-light libnginx-mod-http-brotli-static wget \
  && rm -rf /var/lib/apt/lists/* /etc/nginx/sites-enabled/default \
  && ln -sf /dev/stdout /var/log/nginx/access.log \
  && ln -sf /dev/stderr /var/log/nginx/error.log
COPY deploy/remotes.nginx.conf /etc/nginx/conf.d/default.conf
COPY --from=build /app/mf-customer/dist /usr/share/nginx/html/customer
COPY --from=build /app/mf-staff/dist /usr/share/nginx/html/staff
COPY --from=build /app/mf-legal/dist /usr/share/nginx/html/legal
EXPOSE 80
HEALTHCHECK --interval=10s --timeout=3s CMD ["wget", "-q", "-O", "/dev/null", "http://127.0.0.1/healthz"]
CMD ["nginx", "-g", "daemon off;"]
