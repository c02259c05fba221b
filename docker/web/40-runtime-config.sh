#!/bin/sh
# Writes the shell's /runtime-config.json from the environment at container start (run by the nginx
# image's /docker-entrypoint.sh; only the shell image contains this script). It is the sh twin of
# buildRuntimeConfig in shared/src/runtime-config-env.ts (the one definition: names, defaults, refusals);
# scripts/test/docker-compose.spec.ts runs both with the same environments and requires the same JSON.
#   { mode, apiBaseUrl, remotes: { landing, patient, booking, provider },
#     firebase: { apiKey, authDomain, projectId }, authEmulatorUrl? }
#
#   MEDORA_MODE          local | production (default production)
#   API_BASE_URL         default /api
#   REMOTE_LANDING_URL   default /remotes/landing/mf-manifest.json   (same for PATIENT, BOOKING, PROVIDER)
#   FIREBASE_API_KEY, FIREBASE_AUTH_DOMAIN, FIREBASE_PROJECT_ID
#                        required in production; in local mode they default to the demo-medora project
#   AUTH_EMULATOR_URL    optional, e.g. http://localhost:9099 (local mode only)
#
# Usage outside the image (tests): sh 40-runtime-config.sh <output file>
set -eu

out="${1:-/usr/share/nginx/html/runtime-config.json}"

fail() {
  echo "runtime-config: $*" >&2
  exit 1
}

# JSON string literal: escapes backslashes and double quotes (values are URLs and ids).
json() {
  printf '"%s"' "$(printf '%s' "$1" | sed -e 's/\\/\\\\/g' -e 's/"/\\"/g')"
}

mode="${MEDORA_MODE:-production}"
case "$mode" in
  local | production) ;;
  *) fail "MEDORA_MODE must be local or production (got '$mode')" ;;
esac

api_base_url="${API_BASE_URL:-/api}"
landing="${REMOTE_LANDING_URL:-/remotes/landing/mf-manifest.json}"
patient="${REMOTE_PATIENT_URL:-/remotes/patient/mf-manifest.json}"
booking="${REMOTE_BOOKING_URL:-/remotes/booking/mf-manifest.json}"
provider="${REMOTE_PROVIDER_URL:-/remotes/provider/mf-manifest.json}"
emulator="${AUTH_EMULATOR_URL:-}"

if [ "$mode" = local ]; then
  api_key="${FIREBASE_API_KEY:-demo-api-key}"
  project_id="${FIREBASE_PROJECT_ID:-demo-medora}"
  auth_domain="${FIREBASE_AUTH_DOMAIN:-$project_id.firebaseapp.com}"
else
  api_key="${FIREBASE_API_KEY:-}"
  auth_domain="${FIREBASE_AUTH_DOMAIN:-}"
  project_id="${FIREBASE_PROJECT_ID:-}"
  [ -n "$api_key" ] || fail "FIREBASE_API_KEY is required when MEDORA_MODE=production"
  [ -n "$auth_domain" ] || fail "FIREBASE_AUTH_DOMAIN is required when MEDORA_MODE=production"
  [ -n "$project_id" ] || fail "FIREBASE_PROJECT_ID is required when MEDORA_MODE=production"
  [ -z "$emulator" ] || fail "AUTH_EMULATOR_URL must not be set when MEDORA_MODE=production"
fi

case "$emulator" in
  '' | http://* | https://*) ;;
  *) fail "AUTH_EMULATOR_URL must be an http(s) URL (got '$emulator')" ;;
esac

tmp="$out.tmp.$$"
{
  printf '{\n'
  printf '  "mode": %s,\n' "$(json "$mode")"
  printf '  "apiBaseUrl": %s,\n' "$(json "$api_base_url")"
  printf '  "remotes": {\n'
  printf '    "landing": %s,\n' "$(json "$landing")"
  printf '    "patient": %s,\n' "$(json "$patient")"
  printf '    "booking": %s,\n' "$(json "$booking")"
  printf '    "provider": %s\n' "$(json "$provider")"
  printf '  },\n'
  printf '  "firebase": {\n'
  printf '    "apiKey": %s,\n' "$(json "$api_key")"
  printf '    "authDomain": %s,\n' "$(json "$auth_domain")"
  printf '    "projectId": %s\n' "$(json "$project_id")"
  if [ -n "$emulator" ]; then
    printf '  },\n'
    printf '  "authEmulatorUrl": %s\n' "$(json "$emulator")"
  else
    printf '  }\n'
  fi
  printf '}\n'
} >"$tmp"
chmod 644 "$tmp"
mv "$tmp" "$out"
echo "runtime-config: wrote $out (mode $mode)"
