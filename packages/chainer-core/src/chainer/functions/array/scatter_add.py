"""Out-of-place scatter addition: :func:`scatter_add`."""
import chainer
from chainer import function_node
from chainer.functions.array import get_item
from chainer.utils import type_check


class ScatterAdd(function_node.FunctionNode):
    """Returns a copy of ``a`` with ``b`` added at ``slices`` (repeated indices accumulate)."""

    def __init__(self, slices):
        self.slices = get_item._normalize_slices(slices)
        if chainer.is_debug() and sum(s is Ellipsis for s in self.slices) > 1:
            raise ValueError('Only one Ellipsis is allowed')

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('a', 'b'))
        indexed_axes = sum(1 for s in self.slices if s is not None)
        type_check.expect(in_types[0].ndim >= indexed_axes)

    def forward(self, inputs):
        a, b = inputs
        self._b_dtype = b.dtype  # b may have another dtype: it is added in a's
        if a[self.slices].shape != b.shape:
            raise ValueError('b must have the shape of a[slices]: broadcasting is not '
                             'supported (%s vs %s)' % (b.shape, a[self.slices].shape))
        return get_item._scatter_into(a.copy(), self.slices, b),

    def backward(self, indexes, grad_outputs):
        gy, = grad_outputs
        ret = []
        for i in indexes:
            if i == 0:
                ret.append(gy)
                continue
            gb = chainer.functions.get_item(gy, self.slices)
            if gb.dtype != self._b_dtype:
                gb = chainer.functions.cast(gb, self._b_dtype)
            ret.append(gb)
        return tuple(ret)


def scatter_add(a, slices, b):
    """Adds ``b`` to the elements ``a[slices]`` of a copy of ``a`` (``a`` is unchanged).

    Args:
        a (:class:`~chainer.Variable` or :ref:`ndarray`): Base array.
        slices: Index as in :func:`get_item`; repeated integer indices accumulate.
        b (:class:`~chainer.Variable` or :ref:`ndarray`): Values of shape ``a[slices].shape``
            (of any dtype: they are added in the dtype of ``a``).

    Returns:
        ~chainer.Variable: The result of the scatter addition.

    .. admonition:: Example

        >>> a = np.zeros((2, 3), np.float32)
        >>> b = np.array([1, 2], np.float32)
        >>> F.scatter_add(a, (slice(None), 1), b).array
        array([[0., 1., 0.],
               [0., 2., 0.]], dtype=float32)
        >>> F.scatter_add(a, ([0, 0], [2, 2]), b).array  # repeated indices accumulate
        array([[0., 0., 3.],
               [0., 0., 0.]], dtype=float32)
    """
    return ScatterAdd(slices).apply((a, b))[0]
