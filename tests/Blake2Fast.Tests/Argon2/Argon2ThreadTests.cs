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

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void Sixty_four_concurrent_logins_with_lanes_on_threads_all_finish(bool onThreadPool)
    {
        // 64 callers released at once by a barrier, each hashing with 4 lanes on up to 4 threads,
        // on threads of their own or (as requests of a server are) on the thread pool, which then
        // has far fewer threads than callers: the callers' own threads must do the work the pool
        // cannot start, or this deadlocks.
        const int Callers = 64;
        var parameters = new Argon2Parameters { Iterations = 1, MemorySize = 256, Parallelism = 4, MaxDegreeOfParallelism = 4 };
        string expectedPrefix = "$argon2id$v=19$m=256,t=1,p=4$";
        using var start = new Barrier(onThreadPool ? 0 : Callers);
        var results = new string?[Callers];
        var errors = new Exception?[Callers];
        var finished = new CountdownEvent(Callers);
        for (int i = 0; i < Callers; i++)
        {
            int caller = i;
            void Login()
            {
                try
                {
                    if (!onThreadPool)
                    {
                        start.SignalAndWait();
                    }

                    results[caller] = Argon2.HashPassword("pw" + caller, parameters);
                }
                catch (Exception e)
                {
                    errors[caller] = e;
                }
                finally
                {
                    finished.Signal();
                }
            }

            if (onThreadPool)
            {
                ThreadPool.QueueUserWorkItem(_ => Login());
            }
            else
            {
                new Thread(Login).Start();
            }
        }

        Assert.True(finished.Wait(TimeSpan.FromSeconds(120)), $"{finished.CurrentCount} of {Callers} callers did not finish in 120 s");
        for (int i = 0; i < Callers; i++)
        {
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
