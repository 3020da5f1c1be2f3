# Sourced by the CI scripts.
# Which tests a leg runs. The default leg and the README's command run every test; the other
# legs run only the tests whose result can depend on what they change, marked on the test class:
# [Trait("Legs", "Kernel")] where the SIMD kernel (instruction set, JIT) decides the result,
# [Trait("Legs", "Build")] where the library build or the runtime does. DispatchTests and the
# kernel tests are Kernel tests, so the coverage check still proves every kernel ran in its leg.
kernel_filter="Legs=Kernel"
build_filter="Legs=Kernel|Legs=Build"
