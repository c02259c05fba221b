# syntax=docker/dockerfile:1
# The single origin: nginx (unprivileged, port 8080) in front of the API replicas, the shell and the
# remotes (routes in docker/nginx/gateway.conf, rendered at container start). Build context: the repo root.
ARG NODE_IMAGE=node:22.23.3-bookworm-slim
ARG NGINX_IMAGE=nginxinc/nginx-unprivileged:1.27.5-alpine

# ---- the config renderer (scripts/render-nginx.ts) as one file ------------------------------------
FROM ${NODE_IMAGE} AS render
WORKDIR /app
COPY scripts/lib scripts/lib
COPY scripts/render-nginx.ts scripts/
COPY shared/src shared/src
# esbuild pinned to the version in package-lock.json.
RUN npx --yes esbuild@0.28.2 scripts/render-nginx.ts --bundle --platform=node --outfile=/render-nginx.cjs

# ---- runtime ----------------------------------------------------------------------------------------
FROM ${NGINX_IMAGE}
USER root
RUN apk add --no-cache 'nodejs~22'
COPY --from=render /render-nginx.cjs /opt/medora/render-nginx.cjs
COPY docker/nginx/gateway.conf /etc/nginx/templates/medora.conf
COPY --chmod=755 docker/nginx/30-medora-render.sh /docker-entrypoint.d/30-medora-render.sh
# The unprivileged image's user (uid 101) owns /etc/nginx/conf.d, where the rendered site goes.
USER 101
EXPOSE 8080 8443
