// Every buffer this code stackallocs is written before it is read; zero-filling it first is wasted time.
[module: System.Runtime.CompilerServices.SkipLocalsInit]
