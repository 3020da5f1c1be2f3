using System;
using System.IO;
using System.Security.Cryptography;

namespace Blake2Fast.Tests;

// The signatures under which Facade finds the overloads that the BLAKE2 types share (Func and
// Action serve those without spans, which .NET 8's cannot take). Each names the overload's shape,
// parameter by parameter; the family's own types (parameters, hash state) are type arguments.
/// <summary>HashData(ROS source), ComputeHash(ROS input).</summary>
public delegate byte[] HashSpan(ReadOnlySpan<byte> source);

/// <summary>HashData(ROS source, int digestLength).</summary>
public delegate byte[] HashSpanToLength(ReadOnlySpan<byte> source, int digestLength);

/// <summary>HashData(ROS key, ROS source), ComputeHash(ROS key, ROS input).</summary>
public delegate byte[] HashKeyed(ReadOnlySpan<byte> key, ReadOnlySpan<byte> source);

/// <summary>HashData(ROS key, ROS source, int digestLength).</summary>
public delegate byte[] HashKeyedToLength(ReadOnlySpan<byte> key, ReadOnlySpan<byte> source, int digestLength);

/// <summary>HashData(ROS source, Span destination).</summary>
public delegate int HashInto(ReadOnlySpan<byte> source, Span<byte> destination);

/// <summary>HashData(ROS key, ROS source, Span destination).</summary>
public delegate int HashKeyedInto(ReadOnlySpan<byte> key, ReadOnlySpan<byte> source, Span<byte> destination);

/// <summary>TryHashData(ROS source, Span destination, out int bytesWritten).</summary>
public delegate bool TryHashInto(ReadOnlySpan<byte> source, Span<byte> destination, out int bytesWritten);

/// <summary>TryHashData(ROS key, ROS source, Span destination, out int bytesWritten).</summary>
public delegate bool TryHashKeyedInto(ReadOnlySpan<byte> key, ReadOnlySpan<byte> source, Span<byte> destination, out int bytesWritten);

/// <summary>HashData(parameters, ROS source).</summary>
public delegate byte[] HashWith<TParameters>(TParameters parameters, ReadOnlySpan<byte> source);

/// <summary>HashData(parameters, ROS source, Span destination).</summary>
public delegate int HashWithInto<TParameters>(TParameters parameters, ReadOnlySpan<byte> source, Span<byte> destination);

/// <summary>TryHashData(parameters, ROS source, Span destination, out int bytesWritten).</summary>
public delegate bool TryHashWithInto<TParameters>(TParameters parameters, ReadOnlySpan<byte> source, Span<byte> destination, out int bytesWritten);

/// <summary>HashData(Stream source, Span destination).</summary>
public delegate int HashStreamInto(Stream source, Span<byte> destination);

/// <summary>HashData(ROS key, Stream source).</summary>
public delegate byte[] HashKeyedRead(ReadOnlySpan<byte> key, Stream source);

/// <summary>ComputeHash(int digestLength, ROS input): the 2.x order, length first.</summary>
public delegate byte[] ComputeToLength(int digestLength, ReadOnlySpan<byte> input);

/// <summary>ComputeHash(int digestLength, ROS key, ROS input).</summary>
public delegate byte[] ComputeKeyedToLength(int digestLength, ReadOnlySpan<byte> key, ReadOnlySpan<byte> input);

/// <summary>ComputeAndWriteHash(ROS input, Span output).</summary>
public delegate void WriteHash(ReadOnlySpan<byte> input, Span<byte> output);

/// <summary>ComputeAndWriteHash(int digestLength, ROS input, Span output).</summary>
public delegate void WriteHashToLength(int digestLength, ReadOnlySpan<byte> input, Span<byte> output);

/// <summary>ComputeAndWriteHash(ROS key, ROS input, Span output).</summary>
public delegate void WriteKeyedHash(ReadOnlySpan<byte> key, ReadOnlySpan<byte> input, Span<byte> output);

/// <summary>ComputeAndWriteHash(int digestLength, ROS key, ROS input, Span output).</summary>
public delegate void WriteKeyedHashToLength(int digestLength, ReadOnlySpan<byte> key, ReadOnlySpan<byte> input, Span<byte> output);

/// <summary>CreateIncrementalHasher(ROS key).</summary>
public delegate TState KeyedState<TState>(ReadOnlySpan<byte> key);

/// <summary>CreateIncrementalHasher(int digestLength, ROS key).</summary>
public delegate TState KeyedStateToLength<TState>(int digestLength, ReadOnlySpan<byte> key);

/// <summary>CreateHMAC(ROS key).</summary>
public delegate HMAC KeyedHmac(ReadOnlySpan<byte> key);

/// <summary>CreateHMAC(int digestLength, ROS key).</summary>
public delegate HMAC KeyedHmacToLength(int digestLength, ReadOnlySpan<byte> key);

/// <summary>A hash state's Update(ROS input), on the caller's variable.</summary>
public delegate void StateUpdate<TState>(ref TState state, ReadOnlySpan<byte> input);

/// <summary>A hash state's Finish(Span destination), returning the bytes written.</summary>
public delegate int StateFinishInto<TState>(ref TState state, Span<byte> destination);

/// <summary>A hash state's Reset() or Clear().</summary>
public delegate void StateAction<TState>(ref TState state);

/// <summary>HashMany(ROS&lt;ROM&gt; sources, Span destination, int digestLength).</summary>
public delegate int HashManyInto(ReadOnlySpan<ReadOnlyMemory<byte>> sources, Span<byte> destination, int digestLength);

/// <summary>HashMany(ROS key, ROS&lt;ROM&gt; sources, Span destination, int digestLength).</summary>
public delegate int HashManyKeyedInto(ReadOnlySpan<byte> key, ReadOnlySpan<ReadOnlyMemory<byte>> sources, Span<byte> destination, int digestLength);

/// <summary>HashMany(parameters, ROS&lt;ROM&gt; sources, Span destination).</summary>
public delegate int HashManyWithInto<TParameters>(TParameters parameters, ReadOnlySpan<ReadOnlyMemory<byte>> sources, Span<byte> destination);

/// <summary>HashMany(ROS source, int messageLength, Span destination, int digestLength): equal-length messages back to back.</summary>
public delegate int HashPackedInto(ReadOnlySpan<byte> source, int messageLength, Span<byte> destination, int digestLength);

/// <summary>HashMany(ROS key, ROS source, int messageLength, Span destination, int digestLength).</summary>
public delegate int HashPackedKeyedInto(ReadOnlySpan<byte> key, ReadOnlySpan<byte> source, int messageLength, Span<byte> destination, int digestLength);
