using System;
using System.Collections.Concurrent;
using System.Threading;
using System.Threading.Tasks;

using Microsoft.AspNetCore.Identity;

namespace Blake2Fast.Identity.Tests;

/// <summary>The smallest user Identity's UserManager can work with.</summary>
public sealed class TestUser
{
    public string Id { get; } = Guid.NewGuid().ToString("N");

    public string? UserName { get; set; }

    public string? NormalizedUserName { get; set; }

    public string? PasswordHash { get; set; }
}

/// <summary>An in-memory user store with passwords, so that the tests can drive UserManager's own rehash-on-login.</summary>
public sealed class TestUserStore : IUserPasswordStore<TestUser>
{
    private readonly ConcurrentDictionary<string, TestUser> _users = new();

    public int Updates { get; private set; }

    public Task<string> GetUserIdAsync(TestUser user, CancellationToken cancellationToken) => Task.FromResult(user.Id);

    public Task<string?> GetUserNameAsync(TestUser user, CancellationToken cancellationToken) => Task.FromResult(user.UserName);

    public Task SetUserNameAsync(TestUser user, string? userName, CancellationToken cancellationToken)
    {
        user.UserName = userName;
        return Task.CompletedTask;
    }

    public Task<string?> GetNormalizedUserNameAsync(TestUser user, CancellationToken cancellationToken) => Task.FromResult(user.NormalizedUserName);

    public Task SetNormalizedUserNameAsync(TestUser user, string? normalizedName, CancellationToken cancellationToken)
    {
        user.NormalizedUserName = normalizedName;
        return Task.CompletedTask;
    }

    public Task<IdentityResult> CreateAsync(TestUser user, CancellationToken cancellationToken)
    {
        _users[user.Id] = user;
        return Task.FromResult(IdentityResult.Success);
    }

    public Task<IdentityResult> UpdateAsync(TestUser user, CancellationToken cancellationToken)
    {
        _users[user.Id] = user;
        Updates++;
        return Task.FromResult(IdentityResult.Success);
    }

    public Task<IdentityResult> DeleteAsync(TestUser user, CancellationToken cancellationToken)
    {
        _users.TryRemove(user.Id, out _);
        return Task.FromResult(IdentityResult.Success);
    }

    public Task<TestUser?> FindByIdAsync(string userId, CancellationToken cancellationToken) =>
        Task.FromResult(_users.TryGetValue(userId, out TestUser? user) ? user : null);

    public Task<TestUser?> FindByNameAsync(string normalizedUserName, CancellationToken cancellationToken)
    {
        foreach (TestUser user in _users.Values)
        {
            if (user.NormalizedUserName == normalizedUserName)
            {
                return Task.FromResult<TestUser?>(user);
            }
        }

        return Task.FromResult<TestUser?>(null);
    }

    public Task SetPasswordHashAsync(TestUser user, string? passwordHash, CancellationToken cancellationToken)
    {
        user.PasswordHash = passwordHash;
        return Task.CompletedTask;
    }

    public Task<string?> GetPasswordHashAsync(TestUser user, CancellationToken cancellationToken) => Task.FromResult(user.PasswordHash);

    public Task<bool> HasPasswordAsync(TestUser user, CancellationToken cancellationToken) => Task.FromResult(user.PasswordHash is not null);

    public void Dispose()
    {
    }
}
