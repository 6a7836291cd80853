#!/bin/bash
# Mutation testing folder by folder (npm run mutation:folders -- core fixture …): one Stryker run per target,
# one worker at nice 19 (MUTATION_CONCURRENCY=2 for two), each with its own report (reports/mutation/<target>.json, .html), incremental file
# (reports/stryker-incremental-<target>.json) and log (reports/<target>.log); the run time and the load at the
# end go to reports/timings.txt. npm run mutation:summary -- reports/mutation/*.json adds the reports up.
# A target is a folder of shared/ (all its files), "core" (the top-level files of shared/core, metrics/ apart),
# "metrics" (shared/core/metrics) or "top" (shared/*.ts).
# stats and inference run only the tests that reach them (MUTATION_SPEC): there the whole suite's dry run and
# each survivor's covering tests cost minutes (the resampling loops and the inference search, instrumented).
cd "$(dirname "$0")/.." || exit 1
mkdir -p reports/mutation
for f in "$@"; do
  start=$(date +%s)
  case "$f" in
    core) glob='shared/core/*.ts' ;;
    metrics) glob='shared/core/metrics/*.ts' ;;
    top) glob='shared/*.ts' ;;
    *) glob="shared/$f/**/*.ts" ;;
  esac
  case "$f" in
    stats) spec='out/test/stats/*.test.js,out/test/evaluation/systemComparison.test.js,out/test/text/systemText.test.js,out/test/cli-unit/trecCompare.test.js' ;;
    inference) spec='out/test/inference/*.test.js,out/test/text/inferenceText.test.js,out/test/server/inference.test.js' ;;
    *) spec="${MUTATION_SPEC:-}" ;;
  esac
  MUTATION_SPEC="$spec" MUTATE="$glob" MUTATION_REPORT=reports/mutation/$f.json nice -n 19 npx stryker run --concurrency "${MUTATION_CONCURRENCY:-1}" \
    --incrementalFile "reports/stryker-incremental-$f.json" > "reports/$f.log" 2>&1
  rc=$?
  echo "$f${spec:+ (tests: $spec)} $(( $(date +%s) - start )) s, exit $rc, load $(cut -d' ' -f1-3 /proc/loadavg) at the end, $(date +%H:%M)" >> reports/timings.txt
done
