# Sourced by the CI scripts.
# Which tests a leg runs. The default leg and the README's command run every test; the other
# legs run only the tests whose result can depend on what they change, marked on the test class:
# [Trait("Legs", "Kernel")] where the SIMD kernel (instruction set, JIT) decides the result,
# [Trait("Legs", "Build")] where the library build or the runtime does. DispatchTests and the
# kernel tests are Kernel tests, so the coverage check still proves every kernel ran in its leg.
kernel_filter="Legs=Kernel"
build_filter="Legs=Kernel|Legs=Build"
# The model-based tests (tests/Blake2Fast.Tests/Model) run a tenth of their cases outside the widest
# leg and the README's command: their sequences test the hashers' life cycle, which no instruction
# set changes, while the kernels under them are what those legs are for (and what the kernel tests
# cover exhaustively). export'ed here so that every leg script that sources this file passes it on;
# the widest .NET 10 leg sets it back to 1.
export BLAKE2FAST_MODEL_SCALE=0.1
