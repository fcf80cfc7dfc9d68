"""A bounds-checked reader of the protobuf wire format.

:mod:`._model_file` walks a caffemodel with it, to hand the large packed float arrays of the
blobs to NumPy as views of the file instead of having protobuf decode them element by
element. Every read is checked against the end of its enclosing message, so a truncated or
hostile file raises :class:`WireError` (with the byte offset) and never reads out of range.
"""

VARINT = 0
FIXED64 = 1
LENGTH_DELIMITED = 2
FIXED32 = 5

_FIXED_SIZES = {FIXED64: 8, FIXED32: 4}


class WireError(ValueError):
    """The bytes are not a well-formed protobuf message."""

    def __init__(self, problem, offset):
        super().__init__(f'{problem} at byte {offset}')
        self.offset = offset


def read_varint(buffer, pos, end):
    """Decodes the varint at ``pos``; returns ``(value, position after it)``."""
    result = 0
    shift = 0
    start = pos
    while pos < end:
        byte = buffer[pos]
        pos += 1
        result |= (byte & 0x7f) << shift
        if byte < 0x80:
            return result, pos
        shift += 7
        if shift >= 70:
            raise WireError('varint longer than 10 bytes', start)
    raise WireError('truncated varint', start)


def iter_fields(buffer, start, end):
    """Yields the fields of the message stored in ``buffer[start:end]``.

    Each field is ``(number, wire_type, field_start, value_start, value_end, varint)``:
    ``field_start`` is where its key begins, ``buffer[value_start:value_end]`` holds its
    payload (the bytes of a length-delimited or fixed-size value), and ``varint`` is the
    decoded value of a varint field (``None`` for the other wire types).
    """
    pos = start
    while pos < end:
        field_start = pos
        key, pos = read_varint(buffer, pos, end)
        number = key >> 3
        wire_type = key & 7
        if number == 0:
            raise WireError('field number 0', field_start)
        if wire_type == VARINT:
            value, value_end = read_varint(buffer, pos, end)
            yield number, wire_type, field_start, pos, value_end, value
            pos = value_end
            continue
        if wire_type == LENGTH_DELIMITED:
            length, pos = read_varint(buffer, pos, end)
        elif wire_type in _FIXED_SIZES:
            length = _FIXED_SIZES[wire_type]
        else:
            raise WireError(f'unsupported wire type {wire_type} (field {number})', field_start)
        if length > end - pos:
            raise WireError(f'field {number} runs past the end of its message', field_start)
        yield number, wire_type, field_start, pos, pos + length, None
        pos += length


def encode_varint(value):
    """The varint encoding of a non-negative ``value``."""
    out = bytearray()
    while value >= 0x80:
        out.append(value & 0x7f | 0x80)
        value >>= 7
    out.append(value)
    return bytes(out)


def encode_length_delimited(number, payload):
    """A length-delimited field ``number`` holding ``payload`` (bytes)."""
    return encode_varint(number << 3 | LENGTH_DELIMITED) + encode_varint(len(payload)) + payload
