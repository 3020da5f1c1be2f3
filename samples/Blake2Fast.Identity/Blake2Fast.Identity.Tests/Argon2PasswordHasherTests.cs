using System;
using System.Collections.Generic;
using System.Text;
using System.Threading.Tasks;

using Microsoft.AspNetCore.Identity;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Options;

namespace Blake2Fast.Identity.Tests;

public class Argon2PasswordHasherTests
{
    private const string Password = "correct horse battery staple";

    // Small costs (64 KiB, one pass): the behaviour under test does not depend on them.
    private static readonly Argon2Parameters Small = new() { Iterations = 1, MemorySize = 64, Parallelism = 1 };
    private static readonly Argon2Parameters Raised = new() { Iterations = 2, MemorySize = 128, Parallelism = 1 };

    private static readonly TestUser User = new();

    private static Argon2PasswordHasher<TestUser> Hasher(Argon2Parameters parameters, Action<Argon2PasswordHasherOptions>? more = null)
    {
        var options = new Argon2PasswordHasherOptions { Parameters = parameters };
        more?.Invoke(options);
        return new Argon2PasswordHasher<TestUser>(Options.Create(options));
    }

    /// <summary>Identity's own PBKDF2 hasher, with fewer iterations than its default so the tests stay fast (the count is stored in the hash).</summary>
    private static PasswordHasher<TestUser> Pbkdf2Hasher(PasswordHasherCompatibilityMode mode = PasswordHasherCompatibilityMode.IdentityV3, int iterations = 1000) =>
        new(Options.Create(new PasswordHasherOptions { CompatibilityMode = mode, IterationCount = iterations }));

    [Fact]
    public void HashPassword_WritesArgon2idPhcWithConfiguredParameters_AndRoundTrips()
    {
        var hasher = Hasher(Small);

        string stored = hasher.HashPassword(User, Password);

        Assert.StartsWith("$argon2id$v=19$m=64,t=1,p=1$", stored, StringComparison.Ordinal);
        Assert.True(Argon2.VerifyPassword(Password, stored));
        Assert.Equal(PasswordVerificationResult.Success, hasher.VerifyHashedPassword(User, stored, Password));
    }

    [Fact]
    public void HashPassword_DrawsAFreshSaltEachTime()
    {
        var hasher = Hasher(Small);

        Assert.NotEqual(hasher.HashPassword(User, Password), hasher.HashPassword(User, Password));
    }

    [Fact]
    public void VerifyHashedPassword_WrongPassword_Failed()
    {
        var hasher = Hasher(Small);
        string stored = hasher.HashPassword(User, Password);

        Assert.Equal(PasswordVerificationResult.Failed, hasher.VerifyHashedPassword(User, stored, Password + "!"));
        Assert.Equal(PasswordVerificationResult.Failed, hasher.VerifyHashedPassword(User, stored, string.Empty));
    }

    [Fact]
    public void VerifyHashedPassword_ParametersRaised_SuccessRehashNeeded_ThenSuccessAfterRehash()
    {
        string old = Hasher(Small).HashPassword(User, Password);
        var raised = Hasher(Raised);

        Assert.Equal(PasswordVerificationResult.SuccessRehashNeeded, raised.VerifyHashedPassword(User, old, Password));
        Assert.Equal(PasswordVerificationResult.Failed, raised.VerifyHashedPassword(User, old, "wrong"));

        string rehashed = raised.HashPassword(User, Password);
        Assert.StartsWith("$argon2id$v=19$m=128,t=2,p=1$", rehashed, StringComparison.Ordinal);
        Assert.Equal(PasswordVerificationResult.Success, raised.VerifyHashedPassword(User, rehashed, Password));
    }

    [Fact]
    public void VerifyHashedPassword_OtherTypeOrLanes_SuccessRehashNeeded()
    {
        string argon2i = Argon2.HashPassword(Password, new Argon2Parameters { Type = Argon2Type.Argon2i, Iterations = 1, MemorySize = 64 });
        string twoLanes = Argon2.HashPassword(Password, new Argon2Parameters { Iterations = 1, MemorySize = 64, Parallelism = 2 });
        var hasher = Hasher(Small);

        Assert.Equal(PasswordVerificationResult.SuccessRehashNeeded, hasher.VerifyHashedPassword(User, argon2i, Password));
        Assert.Equal(PasswordVerificationResult.SuccessRehashNeeded, hasher.VerifyHashedPassword(User, twoLanes, Password));
    }

    [Theory]
    [InlineData(PasswordHasherCompatibilityMode.IdentityV3)]
    [InlineData(PasswordHasherCompatibilityMode.IdentityV2)]
    public void VerifyHashedPassword_IdentityPbkdf2Hash_SuccessRehashNeeded(PasswordHasherCompatibilityMode mode)
    {
        string pbkdf2 = Pbkdf2Hasher(mode).HashPassword(User, Password);
        Assert.Equal(mode == PasswordHasherCompatibilityMode.IdentityV3 ? 0x01 : 0x00, Convert.FromBase64String(pbkdf2)[0]);
        var hasher = Hasher(Small);

        Assert.Equal(PasswordVerificationResult.SuccessRehashNeeded, hasher.VerifyHashedPassword(User, pbkdf2, Password));
        Assert.Equal(PasswordVerificationResult.Failed, hasher.VerifyHashedPassword(User, pbkdf2, Password + "!"));
    }

    [Fact]
    public void VerifyHashedPassword_IdentityPbkdf2HashWithDefaultCount_SuccessRehashNeeded()
    {
        string pbkdf2 = new PasswordHasher<TestUser>().HashPassword(User, Password);

        Assert.Equal(PasswordVerificationResult.SuccessRehashNeeded, Hasher(Small).VerifyHashedPassword(User, pbkdf2, Password));
    }

    [Fact]
    public void VerifyHashedPassword_Pbkdf2NotAccepted_Failed()
    {
        string pbkdf2 = Pbkdf2Hasher().HashPassword(User, Password);

        Assert.Equal(PasswordVerificationResult.Failed, Hasher(Small, o => o.AcceptIdentityPbkdf2Hashes = false).VerifyHashedPassword(User, pbkdf2, Password));
    }

    [Fact]
    public void VerifyHashedPassword_Pbkdf2IterationCountAboveLimit_Failed()
    {
        string pbkdf2 = Pbkdf2Hasher(iterations: 2000).HashPassword(User, Password);

        Assert.Equal(PasswordVerificationResult.Failed, Hasher(Small, o => o.MaxPbkdf2IterationCount = 1999).VerifyHashedPassword(User, pbkdf2, Password));
        Assert.Equal(PasswordVerificationResult.SuccessRehashNeeded, Hasher(Small, o => o.MaxPbkdf2IterationCount = 2000).VerifyHashedPassword(User, pbkdf2, Password));
    }

    [Fact]
    public void VerifyHashedPassword_Argon2CostsAboveLimits_Failed()
    {
        string big = Argon2.HashPassword(Password, new Argon2Parameters { Iterations = 1, MemorySize = 256 });

        Assert.Equal(PasswordVerificationResult.Failed, Hasher(Small, o => o.Verification = new Argon2VerificationOptions { MaxMemorySize = 128 }).VerifyHashedPassword(User, big, Password));
        Assert.Equal(PasswordVerificationResult.SuccessRehashNeeded, Hasher(Small, o => o.Verification = new Argon2VerificationOptions { MaxMemorySize = 256 }).VerifyHashedPassword(User, big, Password));
    }

    [Fact]
    public void VerifyHashedPassword_Argon2AskingForTerabytes_FailedWithoutComputing()
    {
        // m = 2^31 - 1 KiB: above the default 4 GiB limit, so refused before any memory is taken.
        string huge = "$argon2id$v=19$m=2147483647,t=1,p=1$c29tZXNhbHRzb21lc2FsdA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";

        Assert.Equal(PasswordVerificationResult.Failed, Hasher(Small).VerifyHashedPassword(User, huge, Password));
    }

    [Theory]
    [InlineData("")]
    [InlineData("not a hash")]
    [InlineData("$argon2id$")]
    [InlineData("$argon2id$v=19$m=64,t=1,p=1$")]
    [InlineData("$argon2id$v=19$m=64,t=1,p=1$c29tZXNhbHRzb21lc2FsdA$")]
    [InlineData("$argon2id$v=19$m=64,t=1,p=1$!!!!$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA")]
    [InlineData("$argon2id$v=19$m=064,t=1,p=1$c29tZXNhbHRzb21lc2FsdA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA")]
    [InlineData("$argon2id$v=19$m=64,t=0,p=1$c29tZXNhbHRzb21lc2FsdA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA")]
    [InlineData("$argon2id$v=19$m=4,t=1,p=1$c29tZXNhbHRzb21lc2FsdA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA")]
    [InlineData("$argon2x$v=19$m=64,t=1,p=1$c29tZXNhbHRzb21lc2FsdA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA")]
    [InlineData("$argon2id$v=19$m=99999999999999999999,t=1,p=1$c29tZXNhbHRzb21lc2FsdA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA")]
    [InlineData("AQ==")] // Identity v3 marker, nothing after it
    [InlineData("AQAAAAEAAAPoAAAAEA==")] // v3 header claiming a 16-byte salt that is not there
    [InlineData("AQAAAGMAAAPoAAAAEAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA")] // v3 with PRF 99
    [InlineData("AAAA")] // v2 marker, wrong length
    [InlineData("AgAAAAAAAAAAAAAAAAAAAAAA")] // unknown format marker
    [InlineData("AQAAAAEAAAPoAAAAEA")] // base64 without padding
    public void VerifyHashedPassword_Malformed_FailedNotThrown(string stored)
    {
        Assert.Equal(PasswordVerificationResult.Failed, Hasher(Small).VerifyHashedPassword(User, stored, Password));
    }

    [Fact]
    public void VerifyHashedPassword_TruncatedOrAlteredRealHash_Failed()
    {
        var hasher = Hasher(Small);
        string stored = hasher.HashPassword(User, Password);

        Assert.Equal(PasswordVerificationResult.Failed, hasher.VerifyHashedPassword(User, stored[..^1], Password));
        Assert.Equal(PasswordVerificationResult.Failed, hasher.VerifyHashedPassword(User, stored[..stored.LastIndexOf('$')], Password));
        Assert.Equal(PasswordVerificationResult.Failed, hasher.VerifyHashedPassword(User, stored + "=", Password));
        Assert.Equal(PasswordVerificationResult.Failed, hasher.VerifyHashedPassword(User, stored.Replace("t=1", "t=2", StringComparison.Ordinal), Password));
    }

    [Fact]
    public void Pepper_UsedAsArgon2Secret_AndRequiredToVerify()
    {
        byte[] pepper = Encoding.ASCII.GetBytes("pepper kept in a key vault");
        byte[] otherPepper = Encoding.ASCII.GetBytes("another pepper");
        var peppered = Hasher(Small, o => o.Pepper = pepper);

        string stored = peppered.HashPassword(User, Password);

        Assert.Equal(PasswordVerificationResult.Success, peppered.VerifyHashedPassword(User, stored, Password));
        Assert.Equal(PasswordVerificationResult.Failed, Hasher(Small).VerifyHashedPassword(User, stored, Password));
        Assert.Equal(PasswordVerificationResult.Failed, Hasher(Small, o => o.Pepper = otherPepper).VerifyHashedPassword(User, stored, Password));
        // The pepper is Argon2's secret K, as the library takes it.
        Assert.True(Argon2.VerifyPassword(Password, stored, new Argon2VerificationOptions { Secret = pepper }));
        Assert.False(Argon2.VerifyPassword(Password, stored));
    }

    [Fact]
    public void Pepper_ChangedInOptionsAfterConstruction_DoesNotReachHasher()
    {
        byte[] pepper = [1, 2, 3, 4];
        var options = new Argon2PasswordHasherOptions { Parameters = Small, Pepper = pepper };
        var hasher = new Argon2PasswordHasher<TestUser>(Options.Create(options));
        pepper[0] = 9;

        string stored = hasher.HashPassword(User, Password);

        Assert.True(Argon2.VerifyPassword(Password, stored, new Argon2VerificationOptions { Secret = new byte[] { 1, 2, 3, 4 } }));
    }

    [Fact]
    public void Constructor_NoOptions_UsesRfc9106SecondRecommendation()
    {
        string stored = new Argon2PasswordHasher<TestUser>().HashPassword(User, Password);

        Assert.StartsWith("$argon2id$v=19$m=65536,t=3,p=4$", stored, StringComparison.Ordinal);
    }

    [Fact]
    public void Constructor_UnworkableOptions_ArgumentException()
    {
        Assert.Equal("optionsAccessor", Assert.Throws<ArgumentException>(() => Hasher(null!)).ParamName);
        Assert.Equal("optionsAccessor", Assert.Throws<ArgumentException>(() => Hasher(new Argon2Parameters { Iterations = 1, MemorySize = 64, AssociatedData = new byte[] { 1 } })).ParamName);
        Assert.Equal("optionsAccessor", Assert.Throws<ArgumentException>(() => Hasher(new Argon2Parameters { Iterations = 1, MemorySize = 8, Parallelism = 2 })).ParamName);
        Assert.Equal("optionsAccessor", Assert.Throws<ArgumentException>(() => Hasher(Raised, o => o.Verification = new Argon2VerificationOptions { MaxIterations = 1 })).ParamName);
        Assert.Equal("optionsAccessor", Assert.Throws<ArgumentException>(() => Hasher(Small, o => o.MaxPbkdf2IterationCount = 0)).ParamName);
    }

    [Fact]
    public void NullArguments_ArgumentNullException()
    {
        var hasher = Hasher(Small);

        Assert.Equal("password", Assert.Throws<ArgumentNullException>(() => hasher.HashPassword(User, null!)).ParamName);
        Assert.Equal("hashedPassword", Assert.Throws<ArgumentNullException>(() => hasher.VerifyHashedPassword(User, null!, Password)).ParamName);
        Assert.Equal("providedPassword", Assert.Throws<ArgumentNullException>(() => hasher.VerifyHashedPassword(User, "x", null!)).ParamName);
    }

    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public void AddArgon2PasswordHasher_ReplacesIdentityHasher_WhicheverComesFirst(bool identityFirst)
    {
        var services = new ServiceCollection();
        services.AddLogging();
        if (identityFirst)
        {
            services.AddIdentityCore<TestUser>();
        }

        services.AddArgon2PasswordHasher<TestUser>(o => o.Parameters = Small);
        if (!identityFirst)
        {
            services.AddIdentityCore<TestUser>();
        }

        using ServiceProvider provider = services.BuildServiceProvider(new ServiceProviderOptions { ValidateOnBuild = false, ValidateScopes = true });
        using IServiceScope scope = provider.CreateScope();

        Assert.Single(services, d => d.ServiceType == typeof(IPasswordHasher<TestUser>));
        IPasswordHasher<TestUser> hasher = scope.ServiceProvider.GetRequiredService<IPasswordHasher<TestUser>>();
        Assert.IsType<Argon2PasswordHasher<TestUser>>(hasher);
        Assert.StartsWith("$argon2id$v=19$m=64,t=1,p=1$", hasher.HashPassword(User, Password), StringComparison.Ordinal);
    }

    [Fact]
    public void ReadmeUsage_AddIdentityWithRolesThenHasher_PepperFromConfiguration()
    {
        // The README's registration, with AddIdentity (roles, sign-in) and the pepper read from
        // configuration; only the costs are the tests' small ones.
        IConfiguration configuration = new ConfigurationBuilder()
            .AddInMemoryCollection(new Dictionary<string, string?> { ["Identity:PasswordPepper"] = Convert.ToBase64String(Encoding.ASCII.GetBytes("a pepper")) })
            .Build();
        var services = new ServiceCollection();
        services.AddLogging();
        services.AddIdentity<TestUser, IdentityRole>();
        services.AddArgon2PasswordHasher<TestUser>(options =>
        {
            options.Parameters = Small;
            options.Verification = new Argon2VerificationOptions { MaxMemorySize = 256 * 1024 };
            options.Pepper = Convert.FromBase64String(configuration["Identity:PasswordPepper"]!);
        });
        using ServiceProvider provider = services.BuildServiceProvider();
        using IServiceScope scope = provider.CreateScope();

        IPasswordHasher<TestUser> hasher = scope.ServiceProvider.GetRequiredService<IPasswordHasher<TestUser>>();
        string stored = hasher.HashPassword(User, Password);

        Assert.IsType<Argon2PasswordHasher<TestUser>>(hasher);
        Assert.Equal(PasswordVerificationResult.Success, hasher.VerifyHashedPassword(User, stored, Password));
        Assert.True(Argon2.VerifyPassword(Password, stored, new Argon2VerificationOptions { Secret = Encoding.ASCII.GetBytes("a pepper") }));
    }

    [Fact]
    public async Task UserManager_CheckPassword_MovesPbkdf2UserToArgon2_OnLogin()
    {
        var store = new TestUserStore();
        var services = new ServiceCollection();
        services.AddLogging();
        services.AddIdentityCore<TestUser>();
        services.AddSingleton<IUserStore<TestUser>>(store);
        services.AddArgon2PasswordHasher<TestUser>(o => o.Parameters = Small);
        using ServiceProvider provider = services.BuildServiceProvider();
        using IServiceScope scope = provider.CreateScope();
        UserManager<TestUser> users = scope.ServiceProvider.GetRequiredService<UserManager<TestUser>>();

        string pbkdf2 = Pbkdf2Hasher().HashPassword(User, Password);
        var user = new TestUser { UserName = "alice", NormalizedUserName = "ALICE", PasswordHash = pbkdf2 };
        await store.CreateAsync(user, TestContext.Current.CancellationToken);

        Assert.False(await users.CheckPasswordAsync(user, "wrong"));
        Assert.Equal(pbkdf2, user.PasswordHash);

        Assert.True(await users.CheckPasswordAsync(user, Password));
        string migrated = user.PasswordHash!;
        Assert.StartsWith("$argon2id$v=19$m=64,t=1,p=1$", migrated, StringComparison.Ordinal);
        Assert.Equal(1, store.Updates);

        Assert.True(await users.CheckPasswordAsync(user, Password));
        Assert.Equal(migrated, user.PasswordHash);
        Assert.Equal(1, store.Updates);
    }
}
