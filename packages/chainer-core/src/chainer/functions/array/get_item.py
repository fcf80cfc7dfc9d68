"""Indexing of variables: :func:`get_item` (``Variable.__getitem__``)."""
import numpy

from chainer import backend
from chainer import function_node
from chainer import utils
from chainer import variable
from chainer.utils._scatter import scatter_add
from chainer.utils import type_check


# v7's flag for its NumPy version check: NumPy >= 1.26 takes 0-dim boolean indexes.
_numpy_supports_0d_bool_index = True


def _normalize_slices(slices):
    if isinstance(slices, list):
        if all(isinstance(s, (int, numpy.integer)) for s in slices):
            slices = (numpy.asarray(slices),)
        else:
            slices = tuple(slices)
    elif not isinstance(slices, tuple):
        slices = (slices,)
    out = []
    for s in slices:
        if isinstance(s, variable.Variable):
            s = s.array
        if isinstance(s, list):
            s = numpy.asarray(s)
        out.append(s)
    return tuple(out)


def _is_basic(slices):
    return all(s is None or s is Ellipsis or isinstance(s, (slice, int, numpy.integer))
               for s in slices)


def _scatter_into(target, slices, values):
    """Adds ``values`` into ``target[slices]`` in place (repeated indices accumulate)."""
    if not _is_basic(slices):
        return scatter_add(target, slices, values)
    target[slices] += values
    return target


def _scatter(gy, slices, in_shape):
    """Zero array of ``in_shape`` with ``gy`` added at ``slices``."""
    return _scatter_into(backend.get_array_module(gy).zeros(in_shape, gy.dtype), slices, gy)


class GetItem(function_node.FunctionNode):
    """Extracts elements with basic or advanced NumPy indexing."""

    def __init__(self, slices):
        self.slices = _normalize_slices(slices)

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x',))

    def forward(self, xs):
        x, = xs
        self._in_shape = x.shape
        self._in_dtype = x.dtype
        return utils.force_array(x[self.slices]),

    def backward(self, indexes, gy):
        return GetItemGrad(self.slices, self._in_shape).apply(gy)

    def _backward_arrays(self, indexes, grad_outputs):
        return _scatter(grad_outputs[0], self.slices, self._in_shape),


class GetItemGrad(function_node.FunctionNode):
    """Gradient of :class:`GetItem`: scatters (and sums) into a zero array."""

    def __init__(self, slices, in_shape):
        self.slices = slices
        self._in_shape = in_shape

    def forward(self, inputs):
        return _scatter(inputs[0], self.slices, self._in_shape),

    def backward(self, indexes, ggx):
        return GetItem(self.slices).apply(ggx)


def get_item(x, slices):
    """Extracts elements from a variable (same as ``x[slices]``).

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input variable.
        slices: An int, slice, Ellipsis, None, integer or boolean array, or a tuple of them.

    Returns:
        ~chainer.Variable: The extracted part.

    .. admonition:: Example

        >>> x = np.arange(12, dtype=np.float32).reshape(3, 4)
        >>> F.get_item(x, (slice(None), 1)).array
        array([1., 5., 9.], dtype=float32)
        >>> F.get_item(x, [2, 0]).shape
        (2, 4)
        >>> v = chainer.Variable(x)
        >>> v[1:, ::2].array  # Variable indexing calls get_item
        array([[ 4.,  6.],
               [ 8., 10.]], dtype=float32)
    """
    return GetItem(slices).apply((x,))[0]


def install_variable_get_item():
    """Installs ``Variable.__getitem__``."""
    variable.Variable.__getitem__ = get_item


