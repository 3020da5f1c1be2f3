namespace Blake2Fast.Tool.CommandLine;

/// <summary>The options of <c>b2fast</c>.</summary>
internal enum OptionId
{
    Binary,
    Check,
    Length,
    Tag,
    Text,
    Zero,
    IgnoreMissing,
    Quiet,
    Status,
    Strict,
    Warn,
    Help,
    Version,
    Algorithm,
    Key,
    Salt,
    Personal,
    DeriveKey,
    Tree,
    NoMmap,
    Mmap,
    Bao,
    Outboard,
    NumThreads,
    NoNames,
    Raw,
}
