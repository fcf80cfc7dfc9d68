"""The parameters of a model as communication entries, checked to agree across processes.

Every process must pass the same parameters (names, shapes, dtypes, gradients present) to a
collective operation; otherwise MPI would mix up the arrays or wait forever. Before each
``bcast_data`` / ``multi_node_mean_grad`` the processes compare a digest of what they pass;
when it differs they exchange the full descriptions and all raise the same ``ValueError``
naming the first parameter that differs.
"""
import operator
import zlib

import numpy

_by_name = operator.itemgetter(0)


def _entries(model, payload):
    """``(entries, signature)`` of the parameters of ``model``, sorted by name.

    ``payload(param)`` is the array communicated for an initialized parameter, or ``None``
    when it has none; ``entries`` are the ``(name, param)`` pairs that have one.
    """
    entries = []
    signature = []
    for name, param in sorted(model.namedparams(), key=_by_name):
        array = param.array
        if array is None:
            signature.append((name, None, None, False))
            continue
        sent = payload(param)
        if sent is None:
            signature.append((name, array.shape, array.dtype.str, False))
        else:
            signature.append((name, sent.shape, sent.dtype.str, True))
            entries.append((name, param))
    return entries, tuple(signature)


def grad_entries(model, zero_fill):
    """``(entries, signature)`` for averaging the gradients of ``model``.

    ``entries`` are ``(name, param)`` pairs, sorted by name, of the initialized parameters with
    a gradient; with ``zero_fill`` a parameter without a gradient gets a zero one first.
    """
    def grad(param):
        if param.grad is None and zero_fill:
            param.grad = param.xp.zeros_like(param.array)
        return param.grad
    return _entries(model, grad)


def data_entries(model):
    """``(entries, signature)`` for broadcasting the parameter arrays of ``model``."""
    return _entries(model, operator.attrgetter('array'))


class ConsistencyCheck:
    """Verifies that every process passes the same parameter signature (one per operation).

    The digest of the last signature is cached, so a call costs one tiny ``Allgather``.
    """

    def __init__(self):
        self._signature = None
        self._digest = numpy.zeros(1, dtype=numpy.uint32)

    def __call__(self, mpi_comm, signature, caller, what):
        if mpi_comm.size == 1:
            return
        if signature != self._signature:
            self._signature = signature
            self._digest[0] = zlib.crc32(repr(signature).encode())
        digests = numpy.empty(mpi_comm.size, dtype=numpy.uint32)
        mpi_comm.Allgather(self._digest, digests)
        if (digests != digests[0]).any():
            signatures = mpi_comm.allgather(signature)
            raise ValueError(describe_mismatch(signatures, caller, what))


def _describe_entry(entry, what):
    if entry is None:
        return 'no such parameter'
    _, shape, dtype, present = entry
    if shape is None:
        return 'uninitialized'
    text = 'shape {} {}'.format(shape, numpy.dtype(dtype).name)
    return text if present else text + ' without ' + what


def describe_mismatch(signatures, caller, what):
    """The error message naming the first parameter whose signature differs between ranks."""
    tables = [{entry[0]: entry for entry in signature} for signature in signatures]
    names = sorted(set().union(*tables))
    for name in names:
        entries = [table.get(name) for table in tables]
        if any(entry != entries[0] for entry in entries):
            other = next(r for r, entry in enumerate(entries) if entry != entries[0])
            message = ('{}: parameter {!r} differs across processes: {} on rank 0, {} on rank {}'
                       .format(caller, name, _describe_entry(entries[0], what),
                               _describe_entry(entries[other], what), other))
            if what == 'gradient' and entries[0] is not None and entries[other] is not None \
                    and entries[0][1:3] == entries[other][1:3]:
                message += (' (pass zero_fill=True to average a parameter that some processes '
                            'did not use with zero gradients)')
            return message
    return '{}: the parameters differ across processes'.format(caller)
