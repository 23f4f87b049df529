# syntax=docker/dockerfile:1
# The Flotilla API (which also serves the dashboard) as docs/scaling.md runs it: one container
# runs API_PROCESSES processes on one port (scripts/start-cluster.mjs); PostgreSQL, Redis and
# the registry run beside it (deploy/docker-compose.yml). Build from the repository root:
#   docker build -t flotilla-api .
ARG NODE_IMAGE=node:24-slim

# Dependencies first, from the manifests only, so a source change reuses this layer.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/core/package.json packages/core/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY apps/device/package.json apps/device/
COPY apps/cli/package.json apps/cli/
RUN npm ci --no-audit --no-fund

# The dashboard: static files the API serves (WEB_DIST).
FROM deps AS build
COPY . .
RUN npm run build -w @flotilla/web

FROM ${NODE_IMAGE} AS runtime
WORKDIR /app
# The server runs from its TypeScript sources under tsx (as `npm start` does), and tsx is a
# development dependency: node_modules is taken whole rather than pruned.
COPY --from=deps /app/node_modules node_modules
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/tsconfig.base.json ./
COPY --from=build /app/packages/core packages/core
COPY --from=build /app/apps/api apps/api
COPY --from=build /app/apps/web/package.json apps/web/package.json
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/scripts scripts
RUN mkdir -p /var/lib/flotilla && chown node:node /var/lib/flotilla
USER node
# DATA_DIR holds nothing a replica must share when JWT_SECRET and REGISTRY_TOKEN_KEY_FILE are
# set (the compose file does): with PostgreSQL the embedded database is unused.
ENV HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/var/lib/flotilla \
    WEB_DIST=/app/apps/web/dist \
    API_PROCESSES=1 \
    FLOTILLA_NODE=system
EXPOSE 8080
# GET /ping answers from the process itself (no database round trip): the load balancer's and
# Docker's liveness check. node:*-slim has no curl.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/ping').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM reaches the cluster's primary, which passes it on; each process finishes in-flight
# requests within SHUTDOWN_TIMEOUT_MS (set the orchestrator's grace period above it).
STOPSIGNAL SIGTERM
CMD ["node", "scripts/start-cluster.mjs"]
