# syntax=docker/dockerfile:1
# One image recipe for every frontend: the shell and each remote. Build context: the repo root.
#   docker build -f docker/web.Dockerfile --build-arg APP=mfe-booking -t medora-booking .
# APP is the workspace name (shell | mfe-landing | mfe-patient | mfe-booking | mfe-provider).
# The result is unprivileged nginx serving <APP>/dist with docker/nginx/static.conf on port $WEB_PORT
# (rendered at container start with the security headers, see 30-medora-render.sh); the shell image
# additionally writes /runtime-config.json from its environment at container start.
ARG NODE_IMAGE=node:22.23.3-bookworm-slim
ARG NGINX_IMAGE=nginxinc/nginx-unprivileged:1.27.5-alpine

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
# The nginx config renderer (scripts/render-nginx.ts) as one file for the runtime stage.
RUN npx esbuild scripts/render-nginx.ts --bundle --platform=node --outfile=/app/render-nginx.cjs

# ---- runtime: static files behind unprivileged nginx --------------------------------------------------
FROM ${NGINX_IMAGE} AS runtime
ARG APP=shell
ENV WEB_PORT=8080 WEB_ROOT=/usr/share/nginx/html
USER root
RUN apk add --no-cache 'nodejs~22'
COPY --from=build /app/render-nginx.cjs /opt/medora/render-nginx.cjs
COPY docker/nginx/static.conf /etc/nginx/templates/medora.conf
COPY --chmod=755 docker/nginx/30-medora-render.sh /docker-entrypoint.d/30-medora-render.sh
COPY docker/web/40-runtime-config.sh /docker-entrypoint.d/40-runtime-config.sh
# Only the shell serves /runtime-config.json; the remotes drop the script. The shell's entrypoint writes
# it into the web root, so that folder belongs to the unprivileged user (uid 101).
RUN if [ "${APP}" = "shell" ]; then chmod +x /docker-entrypoint.d/40-runtime-config.sh; \
    else rm /docker-entrypoint.d/40-runtime-config.sh; fi
COPY --from=build --chown=101:101 /app/${APP}/dist /usr/share/nginx/html
RUN chown 101:101 /usr/share/nginx/html
USER 101
