"""Tensor dot product along specified axes."""
import collections.abc

import numpy

import chainer
from chainer import backend, function_node, utils
from chainer.utils import type_check


def _as_axes_list(axes, ndim):
    if isinstance(axes, (int, numpy.integer)):
        axes = [axes]
    ret = []
    for a in axes:
        if not isinstance(a, (int, numpy.integer)):
            raise TypeError('tensordot: an axis must be an integer, not {}'.format(
                type(a).__name__))
        a = int(a)
        if not -ndim <= a < ndim:  # an IndexError, as v7
            raise IndexError('axis {} is out of bounds for an array of ndim {}'.format(a, ndim))
        ret.append(a % ndim)
    return ret


def _parse_axes(axes, a_ndim, b_ndim):
    """Returns the contracted axes of ``a`` and of ``b`` as lists (paired in order)."""
    if isinstance(axes, (int, numpy.integer)):
        n = int(axes)  # a negative n contracts no axis (an outer product), as NumPy
        if n > a_ndim or n > b_ndim:
            raise ValueError('axes={} is invalid for inputs of ndim {} and {}'.format(
                n, a_ndim, b_ndim))
        return list(range(a_ndim - n, a_ndim)), list(range(n))
    # as v7: a TypeError for what is neither an int nor a sequence, a ValueError for a
    # sequence that is not a pair
    if not isinstance(axes, collections.abc.Sequence):
        raise TypeError('tensordot: axes must be an int or a pair of sequences of ints, '
                        'not {}'.format(type(axes).__name__))
    if isinstance(axes, str) or len(axes) != 2:
        raise ValueError('tensordot: axes must be an int or a pair of sequences of ints')
    a_axes = _as_axes_list(axes[0], a_ndim)
    b_axes = _as_axes_list(axes[1], b_ndim)
    if len(a_axes) != len(b_axes):
        raise ValueError('axes to sum over must be given for both inputs with the same '
                         'length')
    return a_axes, b_axes


class TensorDot(function_node.FunctionNode):
    """Tensor dot product of two arrays over the axes ``a_axes`` and ``b_axes``.

    The output axes are the free axes of ``a`` followed by the free axes of ``b``.
    """

    def __init__(self, axes=2, a_axes=None, b_axes=None, dtype=None):
        self.axes = axes
        self.a_axes = a_axes
        self.b_axes = b_axes
        self.dtype = dtype

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('a', 'b'))
        a_type, b_type = in_types
        type_check.expect(
            a_type.dtype.kind == 'f',
            b_type.dtype.kind == 'f',
        )
        a_ndim = type_check.eval(a_type.ndim)
        b_ndim = type_check.eval(b_type.ndim)
        # invalid axes or contracted axes of different lengths are ValueErrors, as v7
        if self.a_axes is None:
            self.a_axes, self.b_axes = _parse_axes(self.axes, a_ndim, b_ndim)
        a_shape = type_check.eval(a_type.shape)
        b_shape = type_check.eval(b_type.shape)
        for a, b in zip(self.a_axes, self.b_axes):
            if a_shape[a] != b_shape[b]:
                raise ValueError('tensordot: shape mismatch: axis {} of a (length {}) and axis '
                                 '{} of b (length {})'.format(a, a_shape[a], b, b_shape[b]))

    def forward(self, inputs):
        a, b = inputs
        self.retain_inputs((0, 1))
        if self.a_axes is None:
            self.a_axes, self.b_axes = _parse_axes(self.axes, a.ndim, b.ndim)
        xp = backend.get_array_module(a, b)
        dtype = self.dtype or numpy.result_type(a.dtype, b.dtype)
        y = xp.tensordot(a, b, axes=(self.a_axes, self.b_axes))
        return utils.force_array(y, dtype),

    def backward(self, indexes, grad_outputs):
        a, b = self.get_retained_inputs()
        gy, = grad_outputs
        a_free = [i for i in range(a.ndim) if i not in self.a_axes]
        b_free = [i for i in range(b.ndim) if i not in self.b_axes]
        n_af = len(a_free)
        ret = []
        if 0 in indexes:
            # contract gy's b-part with b's free axes; the remaining axes of b come in
            # increasing order, each standing for its paired axis of a
            ga = TensorDot(
                a_axes=list(range(n_af, gy.ndim)), b_axes=b_free, dtype=a.dtype,
            ).apply((gy, b))[0]
            paired = [self.a_axes[k] for k in numpy.argsort(self.b_axes)]
            ret.append(_transpose_back(ga, a_free + paired))
        if 1 in indexes:
            # contract a's free axes with gy's a-part; likewise for the remaining axes of a
            gb = TensorDot(
                a_axes=a_free, b_axes=list(range(n_af)), dtype=b.dtype,
            ).apply((a, gy))[0]
            paired = [self.b_axes[k] for k in numpy.argsort(self.a_axes)]
            ret.append(_transpose_back(gb, paired + b_free))
        return ret


def _transpose_back(g, order):
    """``g`` has the input's axes in ``order``; returns it in the natural axis order."""
    order = [int(i) for i in order]
    if order == sorted(order):
        return g
    return chainer.functions.transpose(g, tuple(int(i) for i in numpy.argsort(order)))


def tensordot(a, b, axes=2):
    """Contracts two tensors over pairs of axes, like :func:`numpy.tensordot`.

    Args:
        a (:class:`~chainer.Variable` or :ref:`ndarray`): Left operand (float).
        b (:class:`~chainer.Variable` or :ref:`ndarray`): Right operand (float).
        axes: An int ``N`` sums over the last ``N`` axes of ``a`` and the first ``N`` axes of
            ``b``; a pair ``(a_axes, b_axes)`` of ints or sequences names the axes explicitly.

    Returns:
        ~chainer.Variable: The tensor dot product of ``a`` and ``b``.

    .. admonition:: Example

        >>> a = np.arange(6, dtype=np.float32).reshape(2, 3)
        >>> b = np.ones((3, 2), np.float32)
        >>> F.tensordot(a, b, axes=1).array  # the matrix product
        array([[ 3.,  3.],
               [12., 12.]], dtype=float32)
        >>> F.tensordot(a, a, axes=2).array  # the sum of a * a
        array(55., dtype=float32)
    """
    return TensorDot(axes=axes).apply((a, b))[0]
