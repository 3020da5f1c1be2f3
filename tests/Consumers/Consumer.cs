using System;
using System.IO;
using System.Reflection;
using System.Runtime.Versioning;
using System.Security.Cryptography;
using System.Text;
using Blake2Fast;

// A consumer of the Blake2Fast package as NuGet delivers it: restored from a folder feed, built for
// one target framework, run on that framework's runtime. It checks that NuGet picked the expected
// build (argument 1: the TargetFrameworkAttribute it must report) and that the build hashes the
// RFC 7693 answers through the one-shots, the incremental hasher and a CryptoStream.
internal static class Consumer
{
    private static int Main(string[] args)
    {
        string loaded = typeof(Blake2b).Assembly.GetCustomAttribute<TargetFrameworkAttribute>()?.FrameworkName ?? "(none)";
        Console.WriteLine($"runtime: {System.Runtime.InteropServices.RuntimeInformation.FrameworkDescription} ({Environment.Version}); Blake2Fast build: {loaded}");
        int failures = 0;
        failures += Expect("build", args.Length > 0 ? args[0] : loaded, loaded);

        byte[] abc = Encoding.ASCII.GetBytes("abc");
        const string B512 = "ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d17d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab92386edd4009923";
        const string S256 = "508c5e8c327c14e2e1a72ba34eeb452f37458b209ed63a294d999b4c86675982";
        failures += Expect("Blake2b.HashData", B512, Hex(Blake2b.HashData(abc)));
        failures += Expect("Blake2s.HashData", S256, Hex(Blake2s.HashData(abc)));

        Blake2bHashState hasher = Blake2b.CreateIncrementalHasher();
        hasher.Update(abc.AsSpan(0, 1));
        hasher.Update(abc.AsSpan(1));
        failures += Expect("incremental BLAKE2b", B512, Hex(hasher.Finish()));

        using (HashAlgorithm algorithm = Blake2s.CreateHashAlgorithm())
        using (var stream = new CryptoStream(Stream.Null, algorithm, CryptoStreamMode.Write))
        {
            stream.Write(abc, 0, abc.Length);
            stream.FlushFinalBlock();
            failures += Expect("CryptoStream over BLAKE2s", S256, Hex(algorithm.Hash!));
        }

        Console.WriteLine(failures == 0 ? "consumer: all checks passed" : $"consumer: {failures} checks failed");
        return failures == 0 ? 0 : 1;
    }

    private static int Expect(string what, string expected, string actual)
    {
        if (expected == actual)
        {
            return 0;
        }

        Console.Error.WriteLine($"{what}: expected {expected}, got {actual}");
        return 1;
    }

    private static string Hex(byte[] bytes)
    {
        var text = new StringBuilder(bytes.Length * 2);
        foreach (byte b in bytes)
        {
            text.Append(b.ToString("x2", System.Globalization.CultureInfo.InvariantCulture));
        }

        return text.ToString();
    }
}
