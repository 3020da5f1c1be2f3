using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Xml.Linq;

namespace Blake2Fast.Tests.Surface;

/// <summary>One documented exception: its type and the parameters its text names (&lt;paramref&gt;).</summary>
internal sealed record DocumentedException(Type Type, IReadOnlySet<string> Parameters, string Text);

/// <summary>
/// The library's XML documentation (Blake2Fast.xml, copied beside the tests with the DLL): the
/// exceptions each public member promises, with &lt;inheritdoc&gt; followed.
/// </summary>
internal sealed class XmlDocumentation
{
    private readonly Dictionary<string, XElement> _members;
    private readonly Assembly _assembly;

    private XmlDocumentation(Assembly assembly, XDocument document)
    {
        _assembly = assembly;
        _members = document.Root!.Element("members")!.Elements("member").ToDictionary(m => (string)m.Attribute("name")!);
    }

    public static XmlDocumentation Load(Assembly assembly)
    {
        string path = Path.ChangeExtension(assembly.Location, ".xml");
        if (!File.Exists(path))
        {
            throw new FileNotFoundException($"The library's XML documentation is not beside it ({path}); the contract test reads the exceptions each method promises from it.", path);
        }

        return new XmlDocumentation(assembly, XDocument.Load(path));
    }

    /// <summary>Whether the member has an entry at all.</summary>
    public bool IsDocumented(MemberInfo member) => _members.ContainsKey(Id(member));

    /// <summary>The text of the &lt;param&gt; entry of <paramref name="parameter"/> in <paramref name="member"/>'s documentation; null if there is none.</summary>
    public string? ParameterText(MemberInfo member, string parameter) =>
        _members.TryGetValue(Id(member), out XElement? element)
            ? element.Elements("param").FirstOrDefault(p => (string?)p.Attribute("name") == parameter)?.Value
            : null;

    /// <summary>Whether <paramref name="member"/>'s documentation of <paramref name="destination"/> says that it must not overlap <paramref name="input"/>.</summary>
    public bool ForbidsOverlap(MemberInfo member, string destination, string input) =>
        _members.TryGetValue(Id(member), out XElement? element)
        && element.Elements("param").FirstOrDefault(p => (string?)p.Attribute("name") == destination) is { } text
        && text.Value.Contains("must not overlap", StringComparison.Ordinal)
        && text.Descendants("paramref").Any(r => (string?)r.Attribute("name") == input);

    /// <summary>The exceptions that <paramref name="member"/>'s documentation names, inherited ones included.</summary>
    public IReadOnlyList<DocumentedException> Exceptions(MemberInfo member) => Exceptions(Id(member), 0);

    private List<DocumentedException> Exceptions(string id, int depth)
    {
        var found = new List<DocumentedException>();
        if (depth > 8 || !_members.TryGetValue(id, out XElement? element))
        {
            return found;
        }

        foreach (XElement inherit in element.Elements("inheritdoc"))
        {
            if ((string?)inherit.Attribute("cref") is { } cref)
            {
                found.AddRange(Exceptions(cref, depth + 1));
            }
        }

        foreach (XElement exception in element.Elements("exception"))
        {
            string cref = (string)exception.Attribute("cref")!;
            Type type = ResolveType(cref[2..]);
            var names = exception.Descendants("paramref").Select(p => (string)p.Attribute("name")!).ToHashSet();
            found.Add(new DocumentedException(type, names, exception.Value.Trim()));
        }

        return found;
    }

    private Type ResolveType(string name) =>
        _assembly.GetType(name)
        ?? typeof(ArgumentException).Assembly.GetType(name)
        ?? Type.GetType(name + ", System.Security.Cryptography")
        ?? Type.GetType(name + ", System.Runtime")
        ?? throw new InvalidOperationException($"The documentation names an exception type that cannot be found: {name}.");

    /// <summary>The documentation ID of a member, as the C# compiler writes it (ECMA-334 annex D).</summary>
    public static string Id(MemberInfo member)
    {
        switch (member)
        {
            case PropertyInfo property:
                return "P:" + TypeName(property.DeclaringType!) + "." + property.Name;
            case MethodBase method:
            {
                if (method is MethodInfo { IsGenericMethod: true } generic)
                {
                    method = generic.GetGenericMethodDefinition();
                }

                if (method.IsSpecialName && method.Name.StartsWith("set_", StringComparison.Ordinal)
                    && method.DeclaringType!.GetProperty(method.Name[4..]) is { } setter)
                {
                    return Id(setter);
                }

                string name = method is ConstructorInfo ? "#ctor" : method.Name;
                string arity = method.IsGenericMethodDefinition ? "``" + method.GetGenericArguments().Length : "";
                ParameterInfo[] parameters = method.GetParameters();
                string list = parameters.Length == 0 ? "" : "(" + string.Join(",", parameters.Select(p => ParameterName(p.ParameterType))) + ")";
                return "M:" + TypeName(method.DeclaringType!) + "." + name + arity + list;
            }

            default:
                throw new NotSupportedException(member.ToString());
        }
    }

    private static string TypeName(Type type) => type.FullName!.Replace('+', '.');

    private static string ParameterName(Type type)
    {
        if (type.IsByRef)
        {
            return ParameterName(type.GetElementType()!) + "@";
        }

        if (type.IsArray)
        {
            return ParameterName(type.GetElementType()!) + "[]";
        }

        if (type.IsGenericMethodParameter)
        {
            return "``" + type.GenericParameterPosition;
        }

        if (type.IsGenericParameter)
        {
            return "`" + type.GenericParameterPosition;
        }

        if (type.IsGenericType)
        {
            string definition = type.GetGenericTypeDefinition().FullName!;
            return definition[..definition.IndexOf('`', StringComparison.Ordinal)].Replace('+', '.')
                + "{" + string.Join(",", type.GetGenericArguments().Select(ParameterName)) + "}";
        }

        return TypeName(type);
    }
}
