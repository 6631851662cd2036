#!/usr/bin/env bash
# Runs end-to-end tests on a private build, port and data folder so several people can run at once.
#   scripts/e2e.sh NAME [playwright args...]      e.g. scripts/e2e.sh vehicles e2e/vehicles.spec.ts
set -euo pipefail
name="$1"; shift
cd "$(dirname "$0")/.."
export WEB_OUT_DIR="dist-$name" API_OUT_DIR="dist-$name"
export E2E_DATA_DIR="/tmp/dealer-e2e-$name" E2E_RESULTS_DIR="results-$name"
export E2E_PORT="${E2E_PORT:-$((3200 + $(printf '%s' "$name" | cksum | cut -d' ' -f1) % 500))}"
npm run build -w @dealer/web >/dev/null
npm run build -w @dealer/api >/dev/null
cd apps/web && npx playwright test "$@"
