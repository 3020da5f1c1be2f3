# Sourced by the CI scripts: what this x86-64 CPU offers, read from /proc/cpuinfo.
# Development and CI machines differ from one session to the next (AMD EPYC Zen 5 and Intel Xeon
# have AVX-512, an AMD EPYC Zen 3 does not); no emulator here runs AVX-512 code, so on a CPU
# without it the AVX-512 legs cannot run. They are then not run, said loudly in the log, listed in
# $out/legs-not-run.txt (printed again by summarize_tests.py in the closing line) and their kernels
# are left out of the coverage check by name, each one printed; nothing is reported as passing.
cpu_flags=" $(grep -m1 '^flags' /proc/cpuinfo 2>/dev/null | cut -d: -f2) "
cpu_model="$(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | cut -d: -f2- | sed 's/^ //')"

cpu_has() { [[ $cpu_flags == *" $1 "* ]]; }

# The kernels' AVX-512 paths need F, VL and BW.
has_avx512() { cpu_has avx512f && cpu_has avx512vl && cpu_has avx512bw; }

# The widest instruction-set leg this CPU can run, as DispatchTests name them.
widest_leg() {
  if has_avx512; then echo avx512
  elif cpu_has avx2; then echo avx2
  elif cpu_has sse4_1; then echo sse41
  else echo sse2
  fi
}

# leg_cannot_run LABEL ISA OUT: true, after saying so, when this CPU lacks what leg ISA needs.
leg_cannot_run() {
  if [[ $2 == avx512 ]] && ! has_avx512; then
    echo "== leg '$1' NOT RUN: this CPU ($cpu_model) lacks AVX-512 (F, VL, BW); its kernels are tested only on a CPU that has it"
    echo "$1" >> "$3/legs-not-run.txt"
    return 0
  fi
  return 1
}
