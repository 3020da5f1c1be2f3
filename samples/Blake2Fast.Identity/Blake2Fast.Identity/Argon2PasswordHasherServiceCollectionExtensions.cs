using System;

using Microsoft.AspNetCore.Identity;
using Microsoft.Extensions.DependencyInjection.Extensions;

namespace Microsoft.Extensions.DependencyInjection;

/// <summary>Registers <see cref="Blake2Fast.Identity.Argon2PasswordHasher{TUser}"/> as ASP.NET Core Identity's password hasher.</summary>
public static class Argon2PasswordHasherServiceCollectionExtensions
{
    /// <summary>
    /// Makes <see cref="Blake2Fast.Identity.Argon2PasswordHasher{TUser}"/> the
    /// <see cref="IPasswordHasher{TUser}"/> for <typeparamref name="TUser"/>, in place of Identity's
    /// PBKDF2 hasher whether Identity was added before or after this call, and configures its
    /// <see cref="Blake2Fast.Identity.Argon2PasswordHasherOptions"/>.
    /// </summary>
    /// <typeparam name="TUser">The user type of Identity.</typeparam>
    /// <param name="services">The service collection.</param>
    /// <param name="configure">Sets the options (parameters, limits, pepper); <see langword="null"/> keeps the defaults.</param>
    /// <returns><paramref name="services"/>, for chaining.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="services"/> is <see langword="null"/>.</exception>
    public static IServiceCollection AddArgon2PasswordHasher<TUser>(this IServiceCollection services, Action<Blake2Fast.Identity.Argon2PasswordHasherOptions>? configure = null)
        where TUser : class
    {
        ArgumentNullException.ThrowIfNull(services);

        services.AddOptions<Blake2Fast.Identity.Argon2PasswordHasherOptions>();
        if (configure is not null)
        {
            services.Configure(configure);
        }

        // Replace, not TryAdd: AddIdentity/AddIdentityCore register PasswordHasher<TUser> with TryAdd,
        // so after them only a replacement takes effect, and before them this registration wins.
        // One instance: the hasher is immutable and thread-safe.
        services.Replace(ServiceDescriptor.Singleton<IPasswordHasher<TUser>, Blake2Fast.Identity.Argon2PasswordHasher<TUser>>());
        return services;
    }
}
