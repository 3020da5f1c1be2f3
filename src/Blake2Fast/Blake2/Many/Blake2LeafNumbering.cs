namespace Blake2Fast.Internal;

/// <summary>
/// How the messages of one <see cref="Blake2Many{TVariant}"/> call are numbered as tree leaves:
/// message i is the node at offset <see cref="FirstNodeOffset"/> + i, and the call's last message
/// is the tree's last node when <see cref="EndsTree"/>. The default numbers nothing: every message
/// then gets the node offset and last-node flag of the settings, as <c>HashMany</c> promises.
/// </summary>
/// <remarks>
/// Tree leaves differ from one another only in these two fields of the parameter block, so one
/// lane driver serves both <c>HashMany</c> and <c>HashTree</c>.
/// </remarks>
internal readonly record struct Blake2LeafNumbering(ulong FirstNodeOffset, bool EndsTree)
{
    /// <summary>False only for the default value, which numbers nothing.</summary>
    public bool IsNumbered { get; } = true;

    /// <summary>The settings of message <paramref name="index"/> of <paramref name="count"/>.</summary>
    public Blake2Settings For(scoped in Blake2Settings settings, int index, int count) => !IsNumbered ? settings : settings with
    {
        NodeOffset = FirstNodeOffset + (ulong)index,
        IsLastNode = EndsTree && index == count - 1,
    };

    /// <summary>Whether message <paramref name="index"/> of <paramref name="count"/> sets the last-node flag.</summary>
    public bool IsLastNode(scoped in Blake2Settings settings, int index, int count) =>
        IsNumbered ? EndsTree && index == count - 1 : settings.IsLastNode;
}
