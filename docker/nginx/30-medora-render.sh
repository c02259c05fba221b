#!/bin/sh
# Renders this container's nginx site at start (run by the nginx image's /docker-entrypoint.sh): the
# template /etc/nginx/templates/medora.conf with its ${NAME} variables from the environment, and the
# security headers (Content-Security-Policy from the runtime-config variables), compression and maps
# beside it in /etc/nginx/conf.d. The renderer is scripts/render-nginx.ts, bundled at image build — the
# same code the tests run against the real nginx binary.
set -eu
node /opt/medora/render-nginx.cjs --template /etc/nginx/templates/medora.conf --out /etc/nginx/conf.d --name default
