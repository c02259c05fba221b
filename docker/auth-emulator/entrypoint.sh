#!/bin/sh
# Starts the Firebase Auth emulator; imports the accounts exported by the previous run (if any) and
# exports them again on shutdown (compose stops this container with SIGINT, see docker-compose.yml).
set -eu
project="${FIREBASE_PROJECT_ID:-demo-medora}"
export_dir="${EXPORT_DIR:-/data/export}"
mkdir -p "$export_dir"
set -- emulators:start --only auth --project "$project" --export-on-exit "$export_dir"
if [ -f "$export_dir/firebase-export-metadata.json" ]; then
  set -- "$@" --import "$export_dir"
fi
cd /emulator
exec firebase "$@"
