# syntax=docker/dockerfile:1
# Medora API (NestJS on Fastify). Build context: the repo root (see docker-compose.yml).
#   docker build -f docker/api.Dockerfile -t medora-api .
# Node 22 LTS: production dependencies (firebase-admin 14, file-type, content-disposition) need it.
ARG NODE_IMAGE=node:22.23.3-bookworm-slim

# ---- deps: the whole workspace install (dev deps included: tsc builds shared and api) -------------
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
ENV CI=true NPM_CONFIG_UPDATE_NOTIFIER=false NPM_CONFIG_FUND=false NPM_CONFIG_AUDIT=false
# Manifests first so the install layer is reused until a package.json or the lock file changes.
# npm ci needs every workspace listed in the root package.json to be present.
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY api/package.json api/
COPY shell/package.json shell/
COPY mfe-landing/package.json mfe-landing/
COPY mfe-patient/package.json mfe-patient/
COPY mfe-booking/package.json mfe-booking/
COPY mfe-provider/package.json mfe-provider/
COPY e2e/package.json e2e/
RUN npm ci

# ---- build: @medora/shared first (the api imports its dist), then the api ---------------------------
FROM deps AS build
COPY tsconfig.base.json ./
COPY shared shared
COPY api api
RUN npm run build -w @medora/shared && npm run build -w @medora/api

# ---- runtime: production dependencies of the api (and the shared workspace) only --------------------
FROM ${NODE_IMAGE} AS runtime
WORKDIR /app
ENV NODE_ENV=production CI=true NPM_CONFIG_UPDATE_NOTIFIER=false NPM_CONFIG_FUND=false NPM_CONFIG_AUDIT=false
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY api/package.json api/
COPY shell/package.json shell/
COPY mfe-landing/package.json mfe-landing/
COPY mfe-patient/package.json mfe-patient/
COPY mfe-booking/package.json mfe-booking/
COPY mfe-provider/package.json mfe-provider/
COPY e2e/package.json e2e/
RUN npm ci --omit=dev --workspace @medora/api --workspace @medora/shared \
  && npm cache clean --force
COPY --from=build /app/shared/dist shared/dist
COPY --from=build /app/api/dist api/dist
# DATA_DIR (see docker-compose.yml) lives here; owned by the unprivileged user.
RUN mkdir -p /var/lib/medora && chown node:node /var/lib/medora
USER node
ENV API_PORT=3000 API_HOST=0.0.0.0
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=6 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.API_PORT||3000)+'/api/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--enable-source-maps", "api/dist/main.js"]
