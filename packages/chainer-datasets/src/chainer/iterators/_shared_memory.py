"""Moving the arrays of examples from worker processes through shared memory.

A worker writes the NumPy arrays of an example into its region of a shared memory block and
sends the example with each such array replaced by a :class:`PackedArray` placeholder; the
main process copies the arrays back out. Arrays that do not fit the region (and every other
value) travel pickled, as usual.
"""
import os
import secrets
from multiprocessing import shared_memory

import numpy

_ALIGNMENT = 16


def _aligned(n):
    return -(-n // _ALIGNMENT) * _ALIGNMENT


class PackedArray:
    """Placeholder of an array stored at ``offset`` in a shared memory block."""

    __slots__ = ('offset', 'shape', 'dtype')

    def __init__(self, offset, shape, dtype):
        self.offset = offset
        self.shape = shape
        self.dtype = dtype

    def __reduce__(self):
        return PackedArray, (self.offset, self.shape, self.dtype)


def _packable(value):
    return type(value) is numpy.ndarray and not value.dtype.hasobject


def packed_size(example):
    """Returns the bytes of shared memory the arrays of ``example`` need."""
    if _packable(example):
        return _aligned(example.nbytes)
    if isinstance(example, (tuple, list)):
        return sum(packed_size(value) for value in example)
    if isinstance(example, dict):
        return sum(packed_size(value) for value in example.values())
    return 0


def pack(example, buffer, offset, limit):
    """Copies the arrays of ``example`` into ``buffer[offset:limit]``.

    Returns:
        tuple: The example with placeholders, and the next free offset.
    """
    if _packable(example):
        end = offset + example.nbytes
        if end > limit:
            return example, offset
        target = numpy.frombuffer(buffer, example.dtype, example.size, offset)
        target[...] = example.ravel()
        return PackedArray(offset, example.shape, example.dtype), _aligned(end)
    if type(example) in (tuple, list):
        values = []
        for value in example:
            value, offset = pack(value, buffer, offset, limit)
            values.append(value)
        return type(example)(values), offset
    if type(example) is dict:
        values = {}
        for key, value in example.items():
            values[key], offset = pack(value, buffer, offset, limit)
        return values, offset
    return example, offset


def unpack(example, buffer):
    """Replaces the placeholders of ``example`` by copies of the arrays in ``buffer``."""
    if type(example) is PackedArray:
        count = int(numpy.prod(example.shape, dtype=numpy.int64))
        array = numpy.frombuffer(buffer, example.dtype, count, example.offset)
        return array.reshape(example.shape).copy()
    if type(example) in (tuple, list):
        return type(example)([unpack(value, buffer) for value in example])
    if type(example) is dict:
        return {key: unpack(value, buffer) for key, value in example.items()}
    return example


def name_prefix():
    """Returns the prefix of the names of the blocks this process creates."""
    return 'chainer_mpi_{}_'.format(os.getpid())


def create(size):
    """Creates a shared memory block of at least ``size`` bytes, named after this process."""
    return shared_memory.SharedMemory(
        name=name_prefix() + secrets.token_hex(4), create=True, size=max(size, 1))


def release(block):
    """Closes and removes a block created by :func:`create`."""
    block.close()
    try:
        block.unlink()
    except FileNotFoundError:
        pass


class Attachments:
    """The blocks a worker process has attached to, by name."""

    def __init__(self):
        self._blocks = {}

    def buffer(self, name):
        """Returns the buffer of the block ``name``."""
        block = self._blocks.get(name)
        if block is None:
            block = self._blocks[name] = shared_memory.SharedMemory(name=name)
        return block.buf

    def close(self):
        """Detaches from all the blocks."""
        for block in self._blocks.values():
            block.close()
        self._blocks.clear()
