using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Security.Cryptography;
using System.Threading;
using System.Threading.Tasks;

namespace Blake2Fast.Tests.Surface;

/// <summary>
/// Drives every public method, constructor and setter of the library through the edges of its
/// parameters (<see cref="Domains"/>) and the conditions of its receiver (<see cref="SubjectKind"/>),
/// and checks each call: the right answer (<see cref="Family.Expected"/>), or the documented
/// exception naming the parameter, thrown by the library, with nothing written.
/// </summary>
internal sealed class SurfaceDriver
{
    private static readonly Type[] Forbidden =
    [
        typeof(NullReferenceException), typeof(IndexOutOfRangeException), typeof(AccessViolationException), typeof(OverflowException),
        typeof(InvalidCastException), typeof(DivideByZeroException), typeof(OutOfMemoryException), typeof(ArrayTypeMismatchException),
        typeof(NotImplementedException), typeof(InsufficientExecutionStackException), typeof(FormatException), typeof(KeyNotFoundException),
        typeof(PlatformNotSupportedException), typeof(System.Text.DecoderFallbackException), typeof(System.Text.EncoderFallbackException),
    ];

    /// <summary>Framework types whose static throw helpers a library method may call (ArgumentNullException.ThrowIfNull and the like).</summary>
    private static readonly Type[] ThrowHelperTypes =
    [
        typeof(ArgumentException), typeof(ArgumentNullException), typeof(ArgumentOutOfRangeException), typeof(ObjectDisposedException),
    ];

    private readonly Assembly _library = typeof(Blake2b).Assembly;
    private readonly XmlDocumentation _docs;

    public SurfaceDriver() => _docs = XmlDocumentation.Load(_library);

    public int Calls { get; private set; }
    public int Methods { get; private set; }
    public List<string> Failures { get; } = [];
    public List<string> Unhandled { get; } = [];
    public Dictionary<string, int> CallsByMethod { get; } = [];

    /// <summary>Time spent per method and receiver kind, to keep the test fast.</summary>
    public Dictionary<string, TimeSpan> TimeByMethod { get; } = [];

    /// <summary>
    /// The exported types <paramref name="include"/> picks (each type's methods, constructors and
    /// setters), then, with <paramref name="frameworkMembers"/>, HashAlgorithm's methods on each
    /// HashAlgorithm the library makes and Stream's on its streams.
    /// </summary>
    public void DriveAll(Func<Type, bool> include, bool frameworkMembers)
    {
        foreach (Type type in _library.GetExportedTypes().Where(include).OrderBy(t => t.FullName, StringComparer.Ordinal))
        {
            Family? family = Family.OfType.GetValueOrDefault(type);
            if (family is null && !type.IsInterface)
            {
                Unhandled.Add($"{type.FullName}: a public type the contract test does not know; add it to Family.OfType (and its receivers to SubjectKind).");
                continue;
            }

            foreach (MethodBase method in Members(type))
            {
                DriveMember(type, family, method, inheritedFromFramework: false);
            }
        }

        if (!frameworkMembers)
        {
            return;
        }

        // HashAlgorithm's own public methods reach the library's overrides (HashCore, HashFinal,
        // TryHashFinal, Initialize, Key, Dispose); so do Stream's on Bao's decoders (which of them,
        // see RunsLibraryCode).
        foreach (Type framework in new[] { typeof(HashAlgorithm), typeof(KeyedHashAlgorithm), typeof(Stream) })
        {
            foreach (MethodBase method in Members(framework).Where(m => !m.IsStatic && m is MethodInfo))
            {
                DriveMember(framework, null, method, inheritedFromFramework: true);
            }
        }
    }

    /// <summary>
    /// Whether Stream's <paramref name="method"/> runs the library's code on a <paramref name="receiver"/>:
    /// the stream overrides it, or it is Dispose, the public way to its Dispose(bool).
    /// </summary>
    private bool RunsLibraryCode(Type receiver, MethodInfo method)
    {
        if (method.Name == nameof(Stream.Dispose) && method.GetParameters().Length == 0)
        {
            return true;
        }

        MethodInfo? runs = receiver.GetMethod(method.Name, BindingFlags.Public | BindingFlags.Instance, method.GetParameters().Select(p => p.ParameterType).ToArray());
        return runs?.DeclaringType?.Assembly == _library;
    }

    /// <summary>Drives one method as if the library had it, as computing <paramref name="family"/> (the test of the driver's own refusals).</summary>
    public void DriveOne(MethodInfo method, Family family) => DriveMember(method.DeclaringType!, family, method, inheritedFromFramework: false);

    private static IEnumerable<MethodBase> Members(Type type)
    {
        const BindingFlags flags = BindingFlags.Public | BindingFlags.Static | BindingFlags.Instance | BindingFlags.DeclaredOnly;
        IEnumerable<MethodBase> methods = type.GetMethods(flags).Where(m => !(m.IsSpecialName && m.Name.StartsWith("get_", StringComparison.Ordinal)));
        IEnumerable<MethodBase> constructors = type.IsAbstract ? [] : type.GetConstructors();
        return constructors.Concat(methods).OrderBy(m => m.Name, StringComparer.Ordinal).ThenBy(m => m.ToString(), StringComparer.Ordinal);
    }

    private void DriveMember(Type type, Family? family, MethodBase method, bool inheritedFromFramework)
    {
        if (method is MethodInfo { IsGenericMethodDefinition: true } generic)
        {
            if (generic.GetGenericArguments().Length != 1)
            {
                Unhandled.Add($"{type.Name}.{method.Name}: a generic method of {generic.GetGenericArguments().Length} type parameters; the driver instantiates one, over byte.");
                return;
            }

            method = generic.MakeGenericMethod(typeof(byte));
        }

        if (SurfaceInvoker.CannotCall(method) is { } reason)
        {
            Unhandled.Add($"{type.Name}.{method.Name}: {reason}.");
            return;
        }

        if (method.IsStatic || method is ConstructorInfo)
        {
            Methods++;
            Drive(method, family!, null, inheritedFromFramework);
            return;
        }

        SubjectKind[] kinds = SubjectKind.For(method.DeclaringType!)
            .Where(k => type != typeof(Stream) || RunsLibraryCode(k.Type, (MethodInfo)method))
            .ToArray();
        if (kinds.Length == 0 && type == typeof(Stream))
        {
            // Stream's own logic over the overrides (CopyTo, ReadByte, BeginRead, ...) is the
            // framework's: the overrides it reaches are driven directly.
            return;
        }

        Methods++;
        if (kinds.Length == 0)
        {
            Unhandled.Add($"{type.Name}.{method.Name}: an instance method of a type with no receiver in SubjectKind.");
            return;
        }

        foreach (SubjectKind kind in kinds)
        {
            if (inheritedFromFramework && !LibraryBuild.OverridesHashAlgorithmSpans && method.Name == "TryComputeHash" && typeof(HMAC).IsAssignableFrom(kind.Type))
            {
                // The netstandard2.0 build cannot override HMAC's span methods, which throw on .NET Core (LibraryBuild).
                continue;
            }

            foreach (SubjectState state in kind.States)
            {
                Drive(method, kind.Family, state, inheritedFromFramework);
            }
        }
    }

    private void Drive(MethodBase method, Family family, SubjectState? state, bool inheritedFromFramework)
    {
        var site = new Site(method, family, state, inheritedFromFramework);
        long started = Stopwatch.GetTimestamp();
        try
        {
            if (method.GetCustomAttribute<ObsoleteAttribute>() is { IsError: true })
            {
                // Not callable from C#; it must throw what it documents whatever it is given.
                Domain[] obsolete = site.Slots.Select(s => Domains.For(site, s, new Request { Family = family }, null)).ToArray();
                RunGuarded(site, state, obsolete, -1, null, null);
                return;
            }

            Instance? sample = state?.Make();
            Domain[] domains = DomainsFor(site, sample, -1, null);
            if (state is not null && (state.Status != Status.Active || state.Refuses(site.Name) is not null))
            {
                RunGuarded(site, state, domains, -1, null, null);
                return;
            }

            RunGuarded(site, state, domains, -1, null, null);
            for (int i = 0; i < domains.Length; i++)
            {
                foreach (Edge edge in domains[i].Edges)
                {
                    RunGuarded(site, state, domains, i, edge, null);
                }
            }

            foreach (Overlap overlap in Overlaps(site))
            {
                RunGuarded(site, state, domains, -1, null, overlap);
            }
        }
        catch (Domains.UnhandledException e)
        {
            Unhandled.Add($"{site.Signature}: {e.Message}.");
        }
        finally
        {
            TimeByMethod[site.Signature] = TimeByMethod.GetValueOrDefault(site.Signature) + Stopwatch.GetElapsedTime(started);
        }
    }

    /// <summary>The domains of every parameter, destinations last since their valid length follows from the others.</summary>
    private static Domain[] DomainsFor(Site site, Instance? receiver, int edgeIndex, object?[]? args)
    {
        var domains = new Domain[site.Slots.Length];
        var draftArgs = args ?? new object?[site.Slots.Length];
        foreach (Slot slot in site.Slots.Where(s => !s.IsDestination))
        {
            domains[slot.Index] = Domains.For(site, slot, new Request { Family = site.Family }, receiver);
            if (args is null)
            {
                draftArgs[slot.Index] = domains[slot.Index].Valid();
            }
        }

        Request draft = Normalize(site, draftArgs, receiver);
        foreach (Slot slot in site.Slots.Where(s => s.IsDestination))
        {
            domains[slot.Index] = Domains.For(site, slot, draft, receiver);
        }

        return domains;
    }

    /// <summary>A destination placed over an input: both views of one array, the destination shifted by <see cref="Shift"/> bytes.</summary>
    /// <remarks>An extendable output also runs over its whole input with a destination of <see cref="Length"/> bytes (null: its valid length).</remarks>
    private sealed record Overlap(Slot Input, Slot Destination, int Shift, int? Length = null);

    private static IEnumerable<Overlap> Overlaps(Site site)
    {
        Slot? destination = site.Slots.FirstOrDefault(s => s.IsDestination && s.Type != typeof(byte[]));
        if (destination is null)
        {
            yield break;
        }

        foreach (Slot input in site.Slots.Where(s => (s.IsByteInput && s.Type != typeof(byte[]) && s.Type != typeof(ArraySegment<byte>)) || s.Name == "sources"))
        {
            foreach (int shift in new[] { 0, 1, -1 })
            {
                yield return new Overlap(input, destination, shift);
                // (Not a chaining value's destination, whose one length is 32 bytes.)
                if (site.Rule == OutputRule.Exact && site.Family.MaxLength >= 2000 && destination.Name is not ("chainingValue" or "parentChainingValue"))
                {
                    yield return new Overlap(input, destination, shift, 2000);
                }
            }
        }
    }

    /// <summary>
    /// The computation the arguments describe, read before the call: the receiver's request, then
    /// each argument by its parameter's name.
    /// </summary>
    private static Request Normalize(Site site, object?[] args, Instance? receiver)
    {
        Family f = site.Family;
        Request r = receiver?.Request.Clone() ?? new Request { Family = f, OutputLength = f.DefaultLength };
        bool appends = receiver is not null;
        foreach (Slot slot in site.Slots)
        {
            object? v = args[slot.Index];
            switch (slot.Name)
            {
                case "key" when v is not null || slot.Type != typeof(byte[]):
                    r.Key = Arguments.BytesOf(v);
                    break;
                case "value" when site.Name == "set_Key":
                    r.Key = Arguments.BytesOf(v);
                    r.Message = [];
                    break;
                case "source" or "input" or "keyMaterial" or "ikm" or "buffer" or "inputBuffer" or "inputStream" when !slot.IsDestination && receiver?.Target is not Stream:
                    byte[] bytes = Arguments.BytesOf(v);
                    r.Message = appends ? [.. r.Message, .. bytes] : bytes;
                    break;
                case "sources":
                    r.Messages = Arguments.MessagesOf(v);
                    break;
                case "digestLength":
                    r.OutputLength = (int)v!;
                    break;
                case "outputLength":
                    r.OutputLength = Convert.ToInt64(v, System.Globalization.CultureInfo.InvariantCulture);
                    break;
                case "parameters":
                    r.Parameters = v;
                    if (f.Kind == FamilyKind.Blake2 && v is not null)
                    {
                        r.OutputLength = v is Blake2bParameters pb ? pb.DigestLength : ((Blake2sParameters)v).DigestLength;
                    }

                    break;
                case "context":
                    r.Context = (string?)v;
                    break;
                case "leafLength":
                    r.LeafLength = (int)v!;
                    break;
                case "salt" when f.Kind == FamilyKind.Hkdf:
                    r.Salt = Arguments.BytesOf(v);
                    break;
                case "info":
                    r.Info = Arguments.BytesOf(v);
                    break;
                case "prk" when !slot.IsDestination:
                    r.Prk = Arguments.BytesOf(v);
                    break;
                case "leaf":
                    r.Message = Arguments.BytesOf(v);
                    break;
                case "leafIndex":
                    r.LeafIndex = (long)v!;
                    break;
                case "isLastLeaf":
                    r.IsLastLeaf = (bool)v!;
                    break;
                case "leafDigest" or "leafDigests":
                    r.LeafDigests = appends ? [.. r.LeafDigests ?? [], .. Arguments.BytesOf(v)] : Arguments.BytesOf(v);
                    break;
                case "mode" when v is Blake3Mode:
                    (r.Key, r.Context) = Arguments.ModeOf(v);
                    break;
                case "inputOffset" when v is long subtreeOffset:
                    r.SubtreeOffset = subtreeOffset;
                    break;
            }
        }

        if (f.Kind == FamilyKind.Bao && receiver is null)
        {
            BaoFixture.Describe(site, args, r);
        }

        if (f.Kind is FamilyKind.Argon2 or FamilyKind.Compression && receiver is null)
        {
            Oracles.DescribeArgon2(site, args, r);
        }

        // BLAKE2's tree nodes: a root hasher starts with no leaf digests.
        if (site.Name == "CreateTreeRootHasher")
        {
            r.LeafDigests = [];
        }

        // BLAKE3's subtrees: a subtree's or a parent's chaining value, or the root over children.
        if (site.Method.DeclaringType == typeof(Blake3Subtree) || site.Name == "FinishSubtree")
        {
            r.ChainingValue = site.Name is "Hash" or "Merge" or "FinishSubtree";
            if (site.Has("left") && site.Has("right"))
            {
                r.Children = (Arguments.BytesOf(ArgumentNamed(site, args, "left")), Arguments.BytesOf(ArgumentNamed(site, args, "right")));
            }

            if (site.Has("subtreeLengths") && ArgumentNamed(site, args, "subtreeLengths") is long[] lengths)
            {
                r.Subtrees = (lengths.ToArray(), Arguments.BytesOf(ArgumentNamed(site, args, "chainingValues")));
            }
        }

        if (site.Has("messageLength") && args[site.Slots.First(s => s.Name == "messageLength").Index] is int m && m >= 1 && r.Message.Length % m == 0)
        {
            r.Messages = Enumerable.Range(0, r.Message.Length / m).Select(i => r.Message.AsSpan(i * m, m).ToArray()).ToList();
        }

        // HashAlgorithm's (buffer, offset, count) forms hash a slice.
        if ((site.Has("offset") || site.Has("inputOffset")) && receiver?.Target is not Stream && args.Length >= 3 && args[1] is int offset && args[2] is int count
            && offset >= 0 && count >= 0 && (long)offset + count <= Arguments.BytesOf(args[0]).Length)
        {
            byte[] slice = Arguments.BytesOf(args[0]).AsSpan(offset, count).ToArray();
            r.Message = appends ? [.. receiver!.Request.Message, .. slice] : slice;
        }

        if (f.Kind == FamilyKind.Hkdf)
        {
            r.Operation = site.Name;
        }

        if (site.Name == "CreateIncrementalHasherForUnknownLength")
        {
            r.UnknownLength = true;
            r.OutputLength = f.MaxUnknownLength;
        }

        // Where the destination's length is the output length.
        Slot? destination = site.Slots.FirstOrDefault(s => s.IsDestination && s.Type != typeof(byte[]));
        if (destination is not null && site.Rule is OutputRule.Exact && args[destination.Index] is ArraySegment<byte> d)
        {
            r.OutputLength = d.Count;
        }

        return r;
    }

    private static object? ArgumentNamed(Site site, object?[] args, string parameter) => args[site.Slots.First(s => s.Name == parameter).Index];

    private sealed record Outcome(object? Result, Exception? Error, bool ThroughTask);

    /// <summary>A fault of the driver itself on one call is reported with the call, and the other calls still run.</summary>
    private void RunGuarded(Site site, SubjectState? state, Domain[] domains, int edgeIndex, Edge? edge, Overlap? overlap)
    {
        try
        {
            Run(site, state, domains, edgeIndex, edge, overlap);
        }
        catch (Exception e) when (e is not Domains.UnhandledException)
        {
            Failures.Add($"{site.Signature}, {(edge is null ? "overlap" : $"{site.Slots[edgeIndex].Name} = {edge.Label}")}: the driver failed to make or check the call: {e.GetType().Name}: {e.Message}{Frames(e)}");
        }
    }

    private void Run(Site site, SubjectState? state, Domain[] domains, int edgeIndex, Edge? edge, Overlap? overlap)
    {
        Instance? receiver = state?.Make();
        object?[] args = new object?[site.Slots.Length];
        foreach (Slot slot in site.Slots.Where(s => !s.IsDestination))
        {
            args[slot.Index] = slot.Index == edgeIndex ? edge!.Make()
                : edge?.With.FirstOrDefault(w => w.Parameter == slot.Name) is { Make: { } with } ? with()
                : domains[slot.Index].Valid();
        }

        // Every destination valid (or the edge), then the one an overlap places over an input.
        Request beforeDestinations = Normalize(site, args, receiver);
        foreach (Slot slot in site.Slots.Where(s => s.IsDestination))
        {
            args[slot.Index] = slot.Index == edgeIndex ? edge!.Make() : Domains.For(site, slot, beforeDestinations, receiver).Valid();
        }

        if (overlap is not null)
        {
            PlaceOverlap(site, overlap, args, receiver);
        }

        Request request = Normalize(site, args, receiver);
        Slot? edgeSlot = edgeIndex >= 0 ? site.Slots[edgeIndex] : null;
        string where = $"{site.Signature}, {(edge is null ? overlap is null ? "valid arguments" : $"{overlap.Destination.Name}{(overlap.Length is { } n ? $" of {n} bytes" : "")} over {overlap.Input.Name} (shift {overlap.Shift})" : $"{edgeSlot!.Name} = {edge.Label}")}{(state is null ? "" : $", receiver {state.Label}")}";

        var snapshot = args.SelectMany(Arguments.ArraysOf).Distinct(ReferenceEqualityComparer.Instance).Cast<byte[]>().Select(a => (Array: a, Copy: a.ToArray())).ToList();
        var words = args.SelectMany(Arguments.WordArraysOf).Distinct(ReferenceEqualityComparer.Instance).Cast<ulong[]>().Select(a => (Array: a, Copy: a.ToArray())).ToList();
        Outcome outcome = Execute(site, receiver, args);
        Calls++;
        CallsByMethod[site.Signature] = CallsByMethod.GetValueOrDefault(site.Signature) + 1;

        Expect expect = edge?.Expect ?? (overlap is null ? Expect.Valid : Expect.Either);
        bool obsolete = site.Method.GetCustomAttribute<ObsoleteAttribute>() is { IsError: true };
        string? blame = edge?.Blame ?? edgeSlot?.Name;
        Type[]? required = edge?.Throws is { } throws && edge.Expect != Expect.Valid ? throws : null;
        if (state is not null && state.Status != Status.Active)
        {
            // A disposed stream has nothing to flush: Flush may succeed or refuse, as MemoryStream's does.
            expect = site.Name is "Clear" or "Dispose" ? Expect.Valid
                : state.Status == Status.Disposed && site.Name is "Initialize" or "set_Position" or "Flush" ? Expect.Either
                : Expect.Invalid;
            blame = null;
        }

        if (overlap is not null && _docs.ForbidsOverlap(site.Method, overlap.Destination.Name, overlap.Input.Name))
        {
            // The documentation rules this placement out: the call must refuse it as an argument
            // error naming the destination, before it writes (not fail part-way over its own output).
            expect = Expect.Invalid;
            blame = overlap.Destination.Name;
            required = [typeof(ArgumentException)];
        }

        if (state?.Refuses(site.Name) is { } refused)
        {
            expect = Expect.Invalid;
            blame = null;
            required = refused;
        }

        if (state?.MayRefuse(site.Name) is { } may && expect == Expect.Valid)
        {
            expect = Expect.Either;
            blame = null;
            required = may;
        }

        if (obsolete)
        {
            expect = Expect.Invalid;
            blame = null;
        }

        try
        {
            if (outcome.Error is { } error)
            {
                CheckRefusal(site, where, expect, blame, required, error, outcome.ThroughTask, args, snapshot, state);
            }
            else
            {
                CheckSuccess(site, state, where, expect, receiver, request, args, outcome.Result, snapshot);
            }

            CheckWords(site, where, outcome.Error is null, args, words);
        }
        catch (Exception e) when (e is not Domains.UnhandledException)
        {
            Failures.Add($"{where}: checking the outcome threw {e.GetType().Name}: {e.Message}");
        }
    }

    /// <summary>Puts the input's valid content and the destination in one array, the destination shifted over it.</summary>
    private static void PlaceOverlap(Site site, Overlap overlap, object?[] args, Instance? receiver)
    {
        byte[] content = overlap.Input.Name == "sources" ? Arguments.Pattern(300, 8) : Arguments.BytesOf(args[overlap.Input.Index]);
        Request draft = Normalize(site, args, receiver);
        int destinationLength = overlap.Length ?? ((ArraySegment<byte>)Domains.For(site, overlap.Destination, draft, receiver).Valid()!).Count;
        if (overlap.Input.Name == "sources")
        {
            // The digests of the messages before it land over the last message.
            draft.Messages = [.. (draft.Messages ?? []).Take(((ReadOnlyMemory<byte>[])args[overlap.Input.Index]!).Length - 1), content];
            destinationLength = draft.Messages.Count * (int)draft.OutputLength;
        }

        int start = Arguments.Guard + 1;
        byte[] backing = new byte[start + Math.Max(content.Length, destinationLength) + 2 + Arguments.Guard];
        backing.AsSpan().Fill(Arguments.Sentinel);
        content.CopyTo(backing, start);
        var inputView = new ArraySegment<byte>(backing, start, content.Length);
        if (overlap.Input.Name == "sources")
        {
            var list = (ReadOnlyMemory<byte>[])args[overlap.Input.Index]!;
            list[^1] = inputView;
        }
        else
        {
            args[overlap.Input.Index] = inputView;
        }

        args[overlap.Destination.Index] = new ArraySegment<byte>(backing, start + overlap.Shift, destinationLength);
    }

    private static Outcome Execute(Site site, Instance? receiver, object?[] args)
    {
        object? result;
        try
        {
            result = SurfaceInvoker.Call(site.Method, receiver?.Target, args);
        }
        catch (Exception e)
        {
            return new Outcome(null, e, false);
        }

        if (result is ValueTask or Task || (result is not null && result.GetType().IsGenericType && result.GetType().GetGenericTypeDefinition() == typeof(ValueTask<>)))
        {
            Task task = result switch
            {
                Task t => t,
                ValueTask v => v.AsTask(),
                _ => (Task)result.GetType().GetMethod("AsTask")!.Invoke(result, null)!,
            };

            try
            {
                task.GetAwaiter().GetResult();
            }
            catch (Exception e)
            {
                return new Outcome(null, e, true);
            }

            result = task.GetType().IsGenericType ? task.GetType().GetProperty("Result")!.GetValue(task) : null;
        }

        return new Outcome(result, null, false);
    }

    private void CheckRefusal(Site site, string where, Expect expect, string? blame, Type[]? required, Exception error, bool throughTask, object?[] args,
        List<(byte[] Array, byte[] Copy)> snapshot, SubjectState? state)
    {
        string thrown = $"{error.GetType().Name}({(error is ArgumentException a ? $"ParamName: {a.ParamName ?? "null"}" : "")}): {error.Message}";
        if (error is OperationCanceledException && args.Any(x => x is CancellationToken { IsCancellationRequested: true }))
        {
            return;
        }

        // (FormatException is what a malformed PHC string must get: allowed where the edge requires it.)
        if (Forbidden.Contains(error.GetType()) && required?.Contains(error.GetType()) != true && !(site.InheritedFromFramework && ThrowingFrame(error)?.DeclaringType?.Assembly != _library))
        {
            Failures.Add($"{where}: threw {thrown} — never acceptable.{Frames(error)}");
            return;
        }

        if (expect is Expect.Valid or Expect.Declined)
        {
            Failures.Add($"{where}: threw {thrown} for a valid input.{Frames(error)}");
            return;
        }

        bool asRequired = required is not null && required.Any(t => t.IsInstanceOfType(error));
        if (required is not null && !asRequired && expect == Expect.Invalid)
        {
            Failures.Add($"{where}: threw {thrown}; it must throw {string.Join(" or ", required.Select(t => t.Name))} here.{Frames(error)}");
            return;
        }

        if (throughTask && error is ArgumentException)
        {
            Failures.Add($"{where}: {thrown} came through the returned task; argument errors must be thrown by the call itself, before any work.");
        }

        if (site.InheritedFromFramework)
        {
            // HashAlgorithm checks its own arguments (and reads the caller's stream): what it throws
            // is the framework's contract. What comes out of the library's overrides underneath
            // must be one of HashAlgorithm's own exceptions.
            bool fromLibrary = ThrowingFrame(error)?.DeclaringType?.Assembly == _library;
            bool expected = error is ArgumentException || (error is ObjectDisposedException && state?.Status == Status.Disposed) || asRequired;
            if (fromLibrary && !expected)
            {
                Failures.Add($"{where}: the library threw {thrown} under {site.Method.DeclaringType!.Name}, whose contract has no such exception here.{Frames(error)}");
            }
        }
        else
        {
            CheckDocumented(site, where, blame, error, thrown);
            CheckThrower(where, error, thrown);
        }

        foreach ((byte[] array, byte[] copy) in snapshot)
        {
            if (!array.AsSpan().SequenceEqual(copy) && !ErasedAsDocumented(site, error, args, array, copy))
            {
                Failures.Add($"{where}: refused ({error.GetType().Name}) but wrote into an array it was given (first change at {FirstDifference(array, copy)}).");
                break;
            }
        }
    }

    /// <summary>
    /// Arrays of words (F's state and message): a refusal writes none of them; a call that returns
    /// writes only inside the writable word spans it was given (F's state, updated in place).
    /// </summary>
    private void CheckWords(Site site, string where, bool returned, object?[] args, List<(ulong[] Array, ulong[] Copy)> words)
    {
        var writable = site.Slots.Where(s => returned && s.Type == typeof(Span<ulong>) && args[s.Index] is ArraySegment<ulong>)
            .Select(s => (ArraySegment<ulong>)args[s.Index]!).ToList();
        foreach ((ulong[] array, ulong[] copy) in words)
        {
            for (int i = 0; i < array.Length; i++)
            {
                if (array[i] != copy[i] && !writable.Any(w => w.Array == array && i >= w.Offset && i < w.Offset + w.Count))
                {
                    Failures.Add($"{where}: {(returned ? "wrote" : "refused but wrote")} word {i} of an array it was given{(returned ? ", outside the state it updates" : "")}.");
                    break;
                }
            }
        }
    }

    /// <summary>
    /// The one write a refusal may leave, where the documentation promises it: a Bao decoder that
    /// verifies the data in the caller's destination (so that the bytes checked are the bytes the
    /// caller gets, even if the source changes meanwhile) and finds a mismatch erases what it wrote.
    /// Every changed byte must then be 0 and inside the destination: no unverified byte is left
    /// there, and nothing outside it is touched.
    /// </summary>
    private bool ErasedAsDocumented(Site site, Exception error, object?[] args, byte[] array, byte[] copy)
    {
        Slot? destination = site.Slots.FirstOrDefault(s => s.IsDestination && s.Name == "destination");
        if (error is not CryptographicException || destination is null || args[destination.Index] is not ArraySegment<byte> view || view.Array != array
            || _docs.ParameterText(site.Method, destination.Name)?.Contains("what was written is erased", StringComparison.Ordinal) != true)
        {
            return false;
        }

        for (int i = 0; i < array.Length; i++)
        {
            if (array[i] != copy[i] && (array[i] != 0 || i < view.Offset || i >= view.Offset + view.Count))
            {
                return false;
            }
        }

        return true;
    }

    private void CheckDocumented(Site site, string where, string? blame, Exception error, string thrown)
    {
        IReadOnlyList<DocumentedException> documented = _docs.Exceptions(site.Method);
        bool isSetter = site.Name.StartsWith("set_", StringComparison.Ordinal);
        string property = isSetter ? site.Name[4..] : "";
        if (error is ArgumentException argument)
        {
            // A setter's parameter is "value"; the library names the property, as its documentation does.
            bool named = blame is null ? false : isSetter ? argument.ParamName == property || argument.ParamName == "value" : argument.ParamName == blame;
            bool listed = documented.Any(d => d.Type == error.GetType() && (isSetter || (blame is not null && d.Parameters.Contains(blame))));
            if (blame is null)
            {
                Failures.Add($"{where}: threw {thrown}, but no argument was wrong.{Frames(error)}");
            }
            else if (!listed)
            {
                string promised = string.Join("; ", documented.Select(d => $"{d.Type.Name} for {(d.Parameters.Count == 0 ? "(no parameter)" : string.Join("/", d.Parameters))}"));
                Failures.Add($"{where}: threw {thrown}; the documentation names no {error.GetType().Name} for '{blame}' (it promises: {(promised.Length == 0 ? "nothing" : promised)}).{Frames(error)}");
            }
            else if (!named)
            {
                Failures.Add($"{where}: threw {thrown}; its ParamName must be '{(isSetter ? property : blame)}'.{Frames(error)}");
            }
        }
        else if (!documented.Any(d => d.Type == error.GetType()))
        {
            Failures.Add($"{where}: threw {thrown}, which its documentation does not name.{Frames(error)}");
        }
    }

    /// <summary>The exception must come from the library (or a framework throw helper it called), not from inside the framework.</summary>
    private void CheckThrower(string where, Exception error, string thrown)
    {
        MethodBase? method = ThrowingFrame(error);
        if (method is not null && method.DeclaringType?.Assembly != _library)
        {
            Failures.Add($"{where}: {thrown} was thrown inside {method.DeclaringType?.FullName}.{method.Name}, not by the library.{Frames(error)}");
        }
    }

    /// <summary>
    /// The method that threw, past the framework's throw helpers (ArgumentNullException.ThrowIfNull
    /// and the like); null when it is the invoker's thunk, into which the JIT inlined the library
    /// method that the thunk calls.
    /// </summary>
    private static MethodBase? ThrowingFrame(Exception error)
    {
        foreach (StackFrame frame in new StackTrace(error, false).GetFrames())
        {
            MethodBase? method = frame.GetMethod();
            Type? type = method?.DeclaringType;
            if (type is not null && (ThrowHelperTypes.Contains(type) || type.FullName == "System.ThrowHelper"))
            {
                continue;
            }

            return type is null && method?.Name.StartsWith("Call_", StringComparison.Ordinal) == true ? null : method;
        }

        return null;
    }

    private static string Frames(Exception e) =>
        Environment.NewLine + "      " + string.Join(Environment.NewLine + "      ", (e.StackTrace ?? "").Split('\n').Take(4).Select(l => l.Trim()));

    private static int FirstDifference(byte[] a, byte[] b)
    {
        for (int i = 0; i < a.Length; i++)
        {
            if (a[i] != b[i])
            {
                return i;
            }
        }

        return -1;
    }

    private void CheckSuccess(Site site, SubjectState? state, string where, Expect expect, Instance? receiver, Request request, object?[] args, object? result,
        List<(byte[] Array, byte[] Copy)> snapshot)
    {
        if (expect == Expect.Invalid)
        {
            Failures.Add($"{where}: returned normally{(result is null ? "" : $" ({Describe(result)})")}; it must refuse this argument with the exception its documentation names.");
            return;
        }

        var written = new List<(byte[] Array, int Start, int Length)>();
        if (expect == Expect.Declined)
        {
            int bytesWritten = (int)args[site.Slots.First(s => s.IsOut).Index]!;
            if (result is not false || bytesWritten != 0)
            {
                Failures.Add($"{where}: a destination too short must give false with 0 bytes written; it gave {result} with {bytesWritten}.");
            }
        }
        else if (state is not null && state.Status != Status.Active && site.Name is not ("Clear" or "Dispose"))
        {
            // A call the documentation leaves open on a disposed receiver (Initialize): it did nothing harmful.
        }
        else
        {
            Observation o = Effects.Observe(site, receiver, request, args, result);
            written.AddRange(o.Written);
            if (o.Problem is not null)
            {
                Failures.Add($"{where}: {o.Problem}");
            }
            else if (o.Actual is not null && !o.Actual.AsSpan().SequenceEqual(o.Expected))
            {
                Failures.Add($"{where}: wrong answer{Environment.NewLine}      expected {Convert.ToHexStringLower(o.Expected.AsSpan(0, Math.Min(48, o.Expected.Length)))} ({o.Expected.Length} bytes){Environment.NewLine}      actual   {Convert.ToHexStringLower(o.Actual.AsSpan(0, Math.Min(48, o.Actual.Length)))} ({o.Actual.Length} bytes)");
            }
        }

        foreach ((byte[] array, byte[] copy) in snapshot)
        {
            for (int i = 0; i < array.Length; i++)
            {
                if (array[i] != copy[i] && !written.Any(w => w.Array == array && i >= w.Start && i < w.Start + w.Length))
                {
                    Failures.Add($"{where}: wrote byte {i} of an array it was given, outside the output it reports.");
                    break;
                }
            }
        }
    }

    private static string Describe(object result) => result switch
    {
        byte[] bytes => $"{bytes.Length} bytes",
        _ => result.ToString() ?? result.GetType().Name,
    };
}
