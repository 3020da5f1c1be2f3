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

# run_complete: the run reached its end (.ci/run's last command). A run stopped by a signal also
# runs the EXIT trap, with the status of the last command that finished (often 0): without this
# mark such a run was summed up as passed.
run_completed=
run_complete() { run_completed=1; }

# background_job NAME LOG COMMAND...: runs COMMAND in a session of its own, beside the stages that
# follow, its output in LOG; background_wait NAME then waits for it, prints LOG and fails as it
# failed. A run that stops first (a failure, a signal) stops the job too, all its processes.
declare -A background_pids=() background_logs=()
background_job() {
  local name=$1 log=$2
  shift 2
  setsid "$@" > "$log" 2>&1 < /dev/null &
  background_pids[$name]=$!
  background_logs[$name]=$log
  echo "   (started in the background, pid ${background_pids[$name]}, output in $log)"
}
background_wait() {
  local name=$1 status=0
  wait "${background_pids[$name]}" || status=$?
  unset "background_pids[$name]"
  cat "${background_logs[$name]}"
  if [ $status -ne 0 ]; then echo "$name (in the background) failed with status $status" >&2; fi
  return $status
}

stage_summary() {
  local status=$? end i next seconds verdict pid
  # A background job's shell, stopped between its fork and its exec, inherits this trap: only the
  # run's own shell sums up.
  [ "$BASHPID" = "$$" ] || return $status
  for pid in "${background_pids[@]}"; do
    # Its process group; or, where it has not yet made one (started a moment ago), the process.
    kill -- "-$pid" 2>/dev/null || kill "$pid" 2>/dev/null || true
  done
  end=$(date +%s)
  if [ $status -ne 0 ]; then verdict="FAILED, status $status"
  elif [ -z "$run_completed" ]; then verdict="STOPPED before the end, by a signal: not passed"; status=1
  else verdict=passed
  fi
  echo
  echo "== stage durations ($verdict)"
  for i in "${!stage_names[@]}"; do
    next=${stage_starts[$((i + 1))]:-$end}
    seconds=$((next - ${stage_starts[$i]}))
    printf '%6d s  %s\n' "$seconds" "${stage_names[$i]}"
  done
  printf '%6d s  in all (%d min %d s)\n' $((end - run_start)) $(((end - run_start) / 60)) $(((end - run_start) % 60))
  return $status
}
trap stage_summary EXIT

