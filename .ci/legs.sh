# Sourced by the CI scripts.
# Which tests a leg runs. The default leg and the README's command run every test; the other
# legs run only the tests whose result can depend on what they change, marked on the test class:
# [Trait("Legs", "Kernel")] where the SIMD kernel (instruction set, JIT) decides the result,
# [Trait("Legs", "Build")] where the library build or the runtime does. DispatchTests and the
# kernel tests are Kernel tests, so the coverage check still proves every kernel ran in its leg.
# The legs without coverage run the suite's own executable (xunit v3's in-process runner, run_suite
# below) and select with its simple filters: -trait given twice is an OR, -class- an AND of
# exclusions, the two kinds ANDed. Coverage needs `dotnet test`'s collector, whose filters are
# VSTest's (build_filter and the *_filter below).
kernel_args=(-trait "Legs=Kernel")
build_args=(-trait "Legs=Kernel" -trait "Legs=Build")
build_filter="Legs=Kernel|Legs=Build"
# The model-based tests (tests/Blake2Fast.Tests/Model) run a tenth of their cases outside the widest
# leg and the README's command: their sequences test the hashers' life cycle, which no instruction
# set changes, while the kernels under them are what those legs are for (and what the kernel tests
# cover exhaustively). export'ed here so that every leg script that sources this file passes it on;
# the widest .NET 10 leg sets it back to 1.
export BLAKE2FAST_MODEL_SCALE=0.1
# Coverage comes from the test classes that run every compress kernel on purpose, not from a whole
# leg: the kernel tests force each kernel the build and the CPU have, DispatchTests and
# PortableBuildTests check the dispatchers' picks and refusals. Coverlet's instrumentation makes
# every test several times slower (the netstandard2.0 leg's Kernel and Build tests took 7 min 26 s
# under it; split as below, 28 s for the others without it and 45 s for these with it, on the
# shared 2-core machine), and these classes alone hit the same kernel lines as the whole leg did
# under it (compared line by line in the netstandard2.0 leg, and in the widest .NET 10 leg against
# all three of its test projects). The two legs that collect coverage (the widest .NET 10 leg,
# netstandard2.0) run these classes with it and their other tests without it: each test runs once. .ci/check_coverage.py holds every kernel
# file to its bar as before: a kernel that only some other test reached would fail it, not pass
# unseen.
coverage_classes=(KatEveryKernelTests Blake2KernelTests Blake3KernelTests Blake2bHashManyTests Blake2bCompressionTests Argon2VectorTests
  Blake2sHashManyTests Blake2bpTests Blake2spTests Blake2XTests Blake3HashManyTests DispatchTests
  PortableBuildTests)
# The two halves, each the other's complement: the coverage classes as a VSTest filter (the
# trailing dot keeps a class name from matching a longer one), the rest as the suite's exclusions.
coverage_filter=$(printf '|FullyQualifiedName~Blake2Fast.Tests.%s.' "${coverage_classes[@]}")
coverage_filter="(${coverage_filter#|})"
without_coverage_args=()
for class in "${coverage_classes[@]}"; do without_coverage_args+=(-class- "Blake2Fast.Tests.$class"); done

# coverage_classes_ran DIR PREFIX: fails, naming them, if classes of coverage_classes have no result
# in the .trx files DIR/PREFIX_*.trx (a class renamed or removed would otherwise drop out of the
# coverage run without a word; its tests would still run, without coverage).
coverage_classes_ran() {
  local class missing=()
  for class in "${coverage_classes[@]}"; do
    grep -qF "className=\"Blake2Fast.Tests.$class\"" "$1"/"$2"_*.trx || missing+=("$class")
  done
  [ ${#missing[@]} -eq 0 ] || { echo "the coverage run in $1 ran no test of: ${missing[*]}" >&2; return 1; }
}

# The 128-bit lane kernels choose their rotations and transposes when the JIT compiles them, by
# what the processor offers (Blake2LaneVector128, Transposes.cs): vprord with AVX-512VL, pshufb
# with SSSE3, shifts with SSE2 alone. The widest leg runs only the first; the avx2 and sse2 legs
# run the others, so they collect coverage too, from the classes that force those lanes, and run
# their other Kernel tests without it (each test once).
lane128_coverage_legs=(avx2 sse2)
lane128_coverage_classes=(Blake3KernelTests Blake2bpTests Blake2spTests)
lane128_coverage_filter=$(printf '|FullyQualifiedName~Blake2Fast.Tests.%s.' "${lane128_coverage_classes[@]}")
lane128_coverage_filter="(${lane128_coverage_filter#|})"
lane128_without_coverage_args=("${kernel_args[@]}")
for class in "${lane128_coverage_classes[@]}"; do lane128_without_coverage_args+=(-class- "Blake2Fast.Tests.$class"); done

# run_suite DIR NAME COMMAND...: runs COMMAND, the built suite's executable (its apphost: a
# framework-dependent one starts the .NET the machine has, a self-contained one its own) with its
# filter arguments, perhaps behind `env`, adding the results file DIR/NAME.trx; fails if a test
# failed or none ran (a filter that matches nothing must not pass a leg). `dotnet test` would add
# an MSBuild evaluation and a VSTest host, about 5 s a leg on the 2-core machine (a Kernel leg:
# 14.1 s through `dotnet test`, 8.4 s directly).
run_suite() {
  local dir=$1 name=$2
  shift 2
  mkdir -p "$dir"
  "$@" -noLogo -noColor -trx "$dir/$name.trx" || return
  if grep -q '<Counters total="0"' "$dir/$name.trx"; then
    echo "$name: no test ran ($*)" >&2
    return 1
  fi
}
