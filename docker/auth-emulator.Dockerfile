# syntax=docker/dockerfile:1
# Firebase Auth emulator for local/demo stacks (offline, `demo-` project, no credentials).
# The Auth emulator is pure Node: no Java needed. Build context: the repo root.
FROM node:20-bookworm-slim
# Same firebase-tools version as the root package-lock.json.
ARG FIREBASE_TOOLS_VERSION=15.34.2
ENV CI=true FIREBASE_CLI_DISABLE_UPDATE_CHECK=true NPM_CONFIG_UPDATE_NOTIFIER=false NPM_CONFIG_FUND=false
RUN npm install -g firebase-tools@${FIREBASE_TOOLS_VERSION} && npm cache clean --force
WORKDIR /emulator
COPY docker/auth-emulator/firebase.json /emulator/firebase.json
COPY docker/auth-emulator/entrypoint.sh /usr/local/bin/auth-emulator-entrypoint
RUN chmod +x /usr/local/bin/auth-emulator-entrypoint \
  && mkdir -p /data/export && chown -R node:node /data /emulator
USER node
ENV FIREBASE_PROJECT_ID=demo-medora EXPORT_DIR=/data/export
# Accounts are imported from / exported to this volume.
VOLUME ["/data"]
# 9099 auth, 4400 emulator hub, 4500 logging
EXPOSE 9099 4400 4500
ENTRYPOINT ["auth-emulator-entrypoint"]
