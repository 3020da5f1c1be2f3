// The names the suite used for the BLAKE2X and BLAKE2bp/sp kernels before each pair was written once
// over the word size; one declaration for every test file that still reads better with them.
global using Blake2XbKernel = Blake2Fast.Kernels.Blake2XKernel;
global using Blake2XbKernels = Blake2Fast.Kernels.Blake2XKernels<ulong>;
global using Blake2XsKernel = Blake2Fast.Kernels.Blake2XKernel;
global using Blake2XsKernels = Blake2Fast.Kernels.Blake2XKernels<uint>;
global using Blake2bpKernel = Blake2Fast.Kernels.Blake2pKernel;
global using Blake2bpKernels = Blake2Fast.Kernels.Blake2pKernels<ulong>;
global using Blake2spKernel = Blake2Fast.Kernels.Blake2pKernel;
global using Blake2spKernels = Blake2Fast.Kernels.Blake2pKernels<uint>;
