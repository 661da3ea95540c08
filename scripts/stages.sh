#!/usr/bin/env bash
# Runs make targets one after another as the stages of a test run, stops at the first that fails, and
# prints a table of each stage's wall time at the end (also when a stage failed), so a slow or failing
# stage is named without reading the whole log.
#
#   bash scripts/stages.sh deps build lint test-go test-web test-e2e
set -uo pipefail
cd "$(dirname "$0")/.."

names=()
secs=()
results=()
failed=""
total_start=$(date +%s%N)
for stage in "$@"; do
  start=$(date +%s%N)
  make --no-print-directory "$stage"
  rc=$?
  names+=("$stage")
  secs+=("$(( ($(date +%s%N) - start) / 1000000 ))")
  if [ "$rc" -ne 0 ]; then
    results+=("FAILED ($rc)")
    failed=$stage
    break
  fi
  results+=("ok")
done
total_ms=$(( ($(date +%s%N) - total_start) / 1000000 ))

echo
echo "stage          time       result"
echo "-------------  ---------  ------"
for i in "${!names[@]}"; do
  ms=${secs[$i]}
  printf '%-13s  %4d:%02d.%d  %s\n' "${names[$i]}" $((ms / 60000)) $(((ms / 1000) % 60)) $(((ms % 1000) / 100)) "${results[$i]}"
done
for stage in "$@"; do
  case " ${names[*]} " in *" $stage "*) ;; *) printf '%-13s  %9s  %s\n' "$stage" "-" "not run" ;; esac
done
printf '%-13s  %4d:%02d.%d\n' "total" $((total_ms / 60000)) $(((total_ms / 1000) % 60)) $(((total_ms % 1000) / 100))

if [ -n "$failed" ]; then
  echo "stage $failed failed"
  exit 1
fi
