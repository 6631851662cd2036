#!/usr/bin/env bash
# Runs end-to-end tests on a private build and data folder, so several people can run at once; each
# Playwright worker serves a copy of the demo data on a free port (see apps/web/e2e/server.ts).
#   scripts/e2e.sh NAME [playwright args...]      e.g. scripts/e2e.sh vehicles e2e/vehicles.spec.ts
set -euo pipefail
name="$1"; shift
cd "$(dirname "$0")/.."
export WEB_OUT_DIR="dist-$name" API_OUT_DIR="dist-$name"
export E2E_DATA_DIR="/tmp/dealer-e2e-$name" E2E_RESULTS_DIR="results-$name"
npm run build -w @dealer/web >/dev/null
npm run build -w @dealer/api >/dev/null
cd apps/web && npx playwright test "$@"
