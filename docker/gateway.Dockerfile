# syntax=docker/dockerfile:1
# The single origin: nginx on port 8080 in front of the api, the shell and the remotes
# (routes in docker/nginx/gateway.conf). Build context: the repo root.
ARG NGINX_IMAGE=nginx:alpine
FROM ${NGINX_IMAGE}
COPY docker/nginx/gateway.conf /etc/nginx/conf.d/default.conf
EXPOSE 8080
