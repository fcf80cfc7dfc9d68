import numpy

from chainer import backend
from chainer import function_node
from chainer.utils import type_check


def _transpose(xs, length):
    """Transposes a list of length-sorted arrays into ``length`` arrays."""
    if length == 0:
        return ()
    xp = backend.get_array_module(*xs)
    lengths = numpy.array([len(x) for x in xs], dtype=numpy.intp)
    offsets = numpy.zeros(len(xs), dtype=numpy.intp)
    numpy.cumsum(lengths[:-1], out=offsets[1:])
    data = xp.concatenate(xs, axis=0)
    # counts[t]: number of sequences longer than t (lengths are sorted).
    counts = (lengths[None, :] > numpy.arange(length)[:, None]).sum(axis=1)
    outs = []
    for t in range(length):
        n = int(counts[t])
        index = xp.asarray(offsets[:n] + t)
        outs.append(data[index])
    return tuple(outs)


class TransposeSequence(function_node.FunctionNode):

    """Function that transposes a list of Variables."""

    def __init__(self, length):
        self._length = length

    def check_type_forward(self, xs_type):
        for x_type in xs_type:
            type_check.expect(x_type.ndim >= 1)
        for p, n in zip(xs_type, xs_type[1:]):
            type_check.expect(
                p.shape[0] >= n.shape[0],
                p.shape[1:] == n.shape[1:],
            )

    def forward(self, xs):
        if not xs:
            return ()
        ys = _transpose(xs, self._length)
        self._out_shapes = [y.shape for y in ys]
        self._dtype = xs[0].dtype
        return ys

    def backward(self, indexes, grad_outputs):
        xp = backend.get_array_module(*[
            g for g in grad_outputs if g is not None])
        grad_outputs = [
            xp.zeros(shape, dtype=self._dtype) if g is None else g
            for g, shape in zip(grad_outputs, self._out_shapes)]
        return TransposeSequence(len(self.inputs)).apply(grad_outputs)


def transpose_sequence(xs):
    """Transpose a list of Variables.

    This function transposes a list of :class:`~chainer.Variable`\\ s and
    returns a list of :class:`~chainer.Variable`\\ s.
    For example a user gives ``[(0, 1, 2, 3), (4, 5), (6)]``, the function
    returns ``[(0, 4, 6), (1, 5), (2), (3)]``.
    Note that a given list needs to be sorted by each length of
    :class:`~chainer.Variable`.

    Args:
        xs (list of :class:`~chainer.Variable` or :ref:`ndarray`):
            Variables to transpose.

    Returns:
        tuple of :class:`~chainer.Variable`: Transposed list.

    """
    if not xs:
        return ()
    ys = TransposeSequence(len(xs[0])).apply(xs)
    return ys
