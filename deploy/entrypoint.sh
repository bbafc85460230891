#!/bin/sh
# The image's roles: one image, the process chosen by the first argument.
set -e
role="${1:-api}"
[ "$#" -gt 0 ] && shift
case "$role" in
  api) exec npm run --silent start:api -- "$@" ;;
  bot) exec npm run --silent start:bot -- "$@" ;;
  migrate) exec npm run --silent migrate -- "$@" ;;
  all) exec npm start --silent -- "$@" ;;
  healthcheck)
    exec node -e "fetch('http://127.0.0.1:' + (process.env.PORT || 5000) + '/api/health', { signal: AbortSignal.timeout(2500) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))" ;;
  *) echo "unknown role '$role' (api, bot, migrate, all, healthcheck)" >&2; exit 64 ;;
esac
