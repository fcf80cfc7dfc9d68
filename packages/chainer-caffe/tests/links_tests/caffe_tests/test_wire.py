"""The bounds-checked protobuf wire-format reader."""

import pytest

from chainer.links.caffe import _wire


@pytest.mark.parametrize('encoded, value', [
    (b'\x00', 0), (b'\x01', 1), (b'\x7f', 127), (b'\x80\x01', 128), (b'\xac\x02', 300),
    (b'\xff\xff\xff\xff\x0f', 2 ** 32 - 1),
    (b'\xff' * 9 + b'\x01', 2 ** 64 - 1),
])
def test_read_varint(encoded, value):
    assert _wire.read_varint(b'\x99' + encoded + b'\x99', 1, len(encoded) + 2) == (
        value, len(encoded) + 1)


def test_varint_stops_at_the_end_of_its_message():
    with pytest.raises(_wire.WireError, match='truncated varint at byte 0'):
        _wire.read_varint(b'\x80\x80\x01', 0, 2)


def test_overlong_varint():
    with pytest.raises(_wire.WireError, match='longer than 10 bytes'):
        _wire.read_varint(b'\xff' * 11 + b'\x01', 0, 12)


def test_iter_fields():
    # field 1 varint 150, field 2 bytes 'ab', field 3 fixed32, field 4 fixed64
    data = b'\x08\x96\x01' + b'\x12\x02ab' + b'\x1d\x01\x02\x03\x04' + b'\x21' + bytes(8)
    fields = list(_wire.iter_fields(data, 0, len(data)))
    assert fields == [
        (1, _wire.VARINT, 0, 1, 3, 150),
        (2, _wire.LENGTH_DELIMITED, 3, 5, 7, None),
        (3, _wire.FIXED32, 7, 8, 12, None),
        (4, _wire.FIXED64, 12, 13, 21, None),
    ]
    assert data[5:7] == b'ab'


def test_iter_fields_of_a_sub_range():
    data = b'\x12\x03\x08\x05\x00'
    assert list(_wire.iter_fields(data, 2, 4)) == [(1, _wire.VARINT, 2, 3, 4, 5)]


@pytest.mark.parametrize('data, problem', [
    (b'\x12\x05ab', 'field 2 runs past the end of its message at byte 0'),
    (b'\x1d\x01\x02', 'field 3 runs past the end'),
    (b'\x0b', 'unsupported wire type 3 (field 1)'),
    (b'\x0e', 'unsupported wire type 6'),
    (b'\x00\x01', 'field number 0'),
    (b'\x08', 'truncated varint at byte 1'),
])
def test_malformed(data, problem):
    with pytest.raises(_wire.WireError, match=problem.replace('(', r'\(').replace(')', r'\)')):
        list(_wire.iter_fields(data, 0, len(data)))


def test_length_cannot_overflow_the_message():
    huge = b'\x12' + b'\xff' * 9 + b'\x01'  # a length of 2 ** 64 - 1
    with pytest.raises(_wire.WireError, match='runs past the end'):
        list(_wire.iter_fields(huge, 0, len(huge)))
