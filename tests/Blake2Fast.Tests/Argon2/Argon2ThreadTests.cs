using System;
using System.Threading;

namespace Blake2Fast.Tests;

/// <summary>Threads never change the result; many logins at once on few cores all finish; errors reach the caller.</summary>
public class Argon2ThreadTests
{
    [Fact]
    public void Every_degree_gives_the_one_thread_result_for_every_lane_count()
    {
        byte[] password = [1, 2, 3], salt = new byte[16];
        for (int p = 1; p <= 16; p++)
        {
            var one = new Argon2Parameters { Type = (Argon2Type)(p % 3), Iterations = 2, MemorySize = 8 * p, Parallelism = p };
            byte[] expected = Argon2.DeriveKey(password, salt, 32, one);
            for (int degree = 2; degree <= 16; degree++)
            {
                var many = new Argon2Parameters { Type = one.Type, Iterations = 2, MemorySize = 8 * p, Parallelism = p, MaxDegreeOfParallelism = degree };
                Assert.Equal(expected, Argon2.DeriveKey(password, salt, 32, many));
            }

            Assert.Equal(expected, Argon2.DeriveKey(password, salt, 32, new Argon2Parameters { Type = one.Type, Iterations = 2, MemorySize = 8 * p, Parallelism = p, MaxDegreeOfParallelism = -1 }));
        }
    }

    [Fact]
    public void Sixty_four_concurrent_logins_with_lanes_on_threads_all_finish()
    {
        // 64 callers released at once by a barrier, each hashing with 4 lanes on up to 4 threads:
        // the callers' own threads must do the work the thread pool cannot start, or this deadlocks.
        const int Callers = 64;
        var parameters = new Argon2Parameters { Iterations = 1, MemorySize = 256, Parallelism = 4, MaxDegreeOfParallelism = 4 };
        string expectedPrefix = "$argon2id$v=19$m=256,t=1,p=4$";
        var start = new Barrier(Callers);
        var results = new string?[Callers];
        var errors = new Exception?[Callers];
        var threads = new Thread[Callers];
        for (int i = 0; i < Callers; i++)
        {
            int caller = i;
            threads[i] = new Thread(() =>
            {
                start.SignalAndWait();
                try
                {
                    results[caller] = Argon2.HashPassword("pw" + caller, parameters);
                }
                catch (Exception e)
                {
                    errors[caller] = e;
                }
            });
            threads[i].Start();
        }

        for (int i = 0; i < Callers; i++)
        {
            Assert.True(threads[i].Join(TimeSpan.FromSeconds(120)), $"caller {i} did not finish in 120 s");
            Assert.Null(errors[i]);
            Assert.StartsWith(expectedPrefix, results[i], StringComparison.Ordinal);
            Assert.True(Argon2.VerifyPassword("pw" + i, results[i]!));
        }
    }

    [Fact]
    public void Memory_that_cannot_be_had_is_an_OutOfMemoryException()
    {
        Assert.SkipUnless(
            OperatingSystem.IsLinux() && System.IO.File.ReadAllText("/proc/sys/vm/overcommit_memory").Trim() is "0" or "2",
            "Needs Linux with heuristic or strict overcommit (vm.overcommit_memory 0 or 2), where a 2 TiB allocation fails at once instead of being granted.");
        var parameters = new Argon2Parameters { Iterations = 1, MemorySize = int.MaxValue, Parallelism = 1 };

        // 2 TiB: Linux refuses a mapping beyond what overcommit heuristics allow (RAM + swap), so the
        // allocation itself fails; nothing is filled.
        Assert.Throws<OutOfMemoryException>(() => Argon2.DeriveKey([], new byte[8], 32, parameters));
    }
}
