# Sourced by .ci/run: names each stage of the run and prints every stage's duration at the end,
# failed or not, so that the run's time is accounted for (budget: 25 minutes on a quiet 2-core
# machine; the hard limit is 90).
stage_names=()
stage_starts=()
run_start=$(date +%s)

# stage NAME: the stage NAME starts now (the previous one ends).
stage() {
  stage_names+=("$1")
  stage_starts+=("$(date +%s)")
  echo "== $1"
}

stage_summary() {
  local status=$? end i next seconds
  end=$(date +%s)
  echo
  echo "== stage durations ($( [ $status -eq 0 ] && echo passed || echo "FAILED, status $status"))"
  for i in "${!stage_names[@]}"; do
    next=${stage_starts[$((i + 1))]:-$end}
    seconds=$((next - ${stage_starts[$i]}))
    printf '%6d s  %s\n' "$seconds" "${stage_names[$i]}"
  done
  printf '%6d s  in all (%d min %d s)\n' $((end - run_start)) $(((end - run_start) / 60)) $(((end - run_start) % 60))
  return $status
}
trap stage_summary EXIT

