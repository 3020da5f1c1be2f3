// Attributes that the C# compiler needs to find by name and that .NET Standard 2.0 does not define.
// Compiled into the netstandard2.0 build only (see Blake2Fast.csproj); internal, so they never
// clash with a consumer's own copies. Each is recognised by its full name, not by its assembly.
#pragma warning disable CA1019, CA1018, SA1402, SA1649
namespace System.Runtime.CompilerServices
{
    /// <summary>Marks <c>init</c> accessors.</summary>
    internal static class IsExternalInit
    {
    }

    /// <summary>Marks <c>required</c> members.</summary>
    [AttributeUsage(AttributeTargets.Class | AttributeTargets.Struct | AttributeTargets.Field | AttributeTargets.Property, Inherited = false)]
    internal sealed class RequiredMemberAttribute : Attribute
    {
    }

    /// <summary>Says which compiler feature a member needs.</summary>
    [AttributeUsage(AttributeTargets.All, AllowMultiple = true, Inherited = false)]
    internal sealed class CompilerFeatureRequiredAttribute(string featureName) : Attribute
    {
        public string FeatureName { get; } = featureName;

        public bool IsOptional { get; init; }
    }

    /// <summary>Passes the caller's argument expression as a string.</summary>
    [AttributeUsage(AttributeTargets.Parameter, Inherited = false)]
    internal sealed class CallerArgumentExpressionAttribute(string parameterName) : Attribute
    {
        public string ParameterName { get; } = parameterName;
    }
}
