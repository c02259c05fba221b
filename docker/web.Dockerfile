# syntax=docker/dockerfile:1
# One image recipe for every frontend: the shell and each remote. Build context: the repo root.
#   docker build -f docker/web.Dockerfile --build-arg APP=mfe-booking -t medora-booking .
# APP is the workspace name (shell | mfe-landing | mfe-patient | mfe-booking | mfe-provider).
# The result is nginx serving <APP>/dist with docker/nginx/static.conf on port $WEB_PORT; the shell
# image additionally writes /runtime-config.json from its environment at container start.
ARG NODE_IMAGE=node:20-bookworm-slim
ARG NGINX_IMAGE=nginx:alpine

# ---- deps ---------------------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
ENV CI=true NPM_CONFIG_UPDATE_NOTIFIER=false NPM_CONFIG_FUND=false NPM_CONFIG_AUDIT=false
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

# ---- build: @medora/shared, then the one app (webpack, production mode, publicPath 'auto') ----------
FROM deps AS build
ARG APP=shell
# MEDORA_TARGET=production compiles the local tools (emulator mailbox, demo sign-in) out of the bundles.
ENV NODE_ENV=production MEDORA_TARGET=production
COPY tsconfig.base.json tsconfig.web.json ./
COPY scripts scripts
COPY shared shared
COPY ${APP} ${APP}
RUN npm run build -w @medora/shared && npm run build -w ${APP} \
  && test -s ${APP}/dist/index.html -o -s ${APP}/dist/remoteEntry.js

# ---- runtime: static files behind nginx ---------------------------------------------------------------
FROM ${NGINX_IMAGE} AS runtime
ARG APP=shell
# The nginx image renders /etc/nginx/templates/*.template with envsubst at start (only variables that
# are set, so nginx's own $uri etc. stay as they are).
ENV WEB_PORT=8080
COPY docker/nginx/static.conf /etc/nginx/templates/default.conf.template
COPY docker/web/40-runtime-config.sh /docker-entrypoint.d/40-runtime-config.sh
# Only the shell serves /runtime-config.json; the remotes drop the script.
RUN if [ "${APP}" = "shell" ]; then chmod +x /docker-entrypoint.d/40-runtime-config.sh; \
    else rm /docker-entrypoint.d/40-runtime-config.sh; fi
COPY --from=build /app/${APP}/dist /usr/share/nginx/html
