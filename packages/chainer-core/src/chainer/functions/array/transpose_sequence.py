"""Time-major/batch-major conversion of sequences: :func:`transpose_sequence`."""
import numpy

from chainer import backend
from chainer import function_node
from chainer.utils import type_check


def _regroup(xs, n_out):
    """Element ``t`` of every sequence in ``xs`` (sorted by decreasing length) becomes row
    ``k`` of output ``t``; returns ``n_out`` arrays (views of one gathered buffer)."""
    if n_out == 0:
        return ()
    xp = backend.get_array_module(*xs)
    lengths = numpy.array([len(x) for x in xs])
    starts = numpy.concatenate(([0], numpy.cumsum(lengths)[:-1]))
    steps = numpy.arange(n_out)[:, None]
    running = lengths > steps   # (t, k): sequence k still runs at step t
    # flat indices of the elements in time-major order, gathered at once
    order = (starts + steps)[running]
    gathered = xp.concatenate(xs, axis=0)[xp.asarray(order)]
    ends = numpy.cumsum(running.sum(axis=1)).tolist()
    return tuple(gathered[start:end] for start, end in zip([0] + ends, ends))


class TransposeSequence(function_node.FunctionNode):
    """Transposes a list of arrays sorted by decreasing length (``length`` outputs)."""

    def __init__(self, length):
        self._length = length

    def check_type_forward(self, xs_type):
        for x_type in xs_type:
            type_check.expect(x_type.ndim >= 1)
        for longer, shorter in zip(xs_type, xs_type[1:]):
            type_check.expect(
                longer.shape[0] >= shorter.shape[0],
                longer.shape[1:] == shorter.shape[1:],
            )

    def forward(self, xs):
        if not xs:
            return ()
        ys = _regroup(xs, self._length)
        self._out_shapes = [y.shape for y in ys]
        self._dtype = xs[0].dtype
        self._xp = backend.get_array_module(*xs)
        return ys

    def backward(self, indexes, grad_outputs):
        grads = [self._xp.zeros(shape, self._dtype) if g is None else g
                 for g, shape in zip(grad_outputs, self._out_shapes)]
        # transposing again restores the original grouping
        return TransposeSequence(len(self.inputs)).apply(grads)


def transpose_sequence(xs):
    """Transposes a list of sequences (batch-major to time-major, or back).

    Output ``t`` gathers element ``t`` of every input long enough to have one. For instance
    ``[(0, 1, 2, 3), (4, 5), (6,)]`` becomes ``[(0, 4, 6), (1, 5), (2,), (3,)]``. The inputs
    must be sorted by decreasing length.

    Args:
        xs (list of :class:`~chainer.Variable` or :ref:`ndarray`): The sequences.

    Returns:
        tuple of ~chainer.Variable: The transposed sequences.

    .. admonition:: Example

        >>> xs = [np.array([1, 2, 3], np.float32), np.array([4, 5], np.float32),
        ...       np.array([6], np.float32)]
        >>> ys = F.transpose_sequence(xs)
        >>> [y.array.tolist() for y in ys]
        [[1.0, 4.0, 6.0], [2.0, 5.0], [3.0]]
    """
    if not xs:
        return ()
    return TransposeSequence(len(xs[0])).apply(xs)
