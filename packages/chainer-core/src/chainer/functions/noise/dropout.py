"""Dropout."""
import numpy

import chainer
from chainer import backend
from chainer import configuration
from chainer import function_node
from chainer import utils
from chainer.backends import cuda
from chainer.utils import argument
from chainer.utils import type_check


def _apply_mask(x, mask):
    """``x * mask`` in the dtype of ``x``: the output, and (dropout being linear) the
    gradient of either."""
    xp = backend.get_array_module(x)
    return utils.force_array(xp.multiply(x, mask, dtype=x.dtype))


def _cpu_mask(shape, dtype, ratio):
    # Same random stream as v7 (numpy.random.rand); the comparison is written straight into
    # a buffer of the input dtype and scaled in place.
    flag = numpy.random.random_sample(shape)
    mask = numpy.greater_equal(flag, ratio, out=numpy.empty(shape, dtype), casting='unsafe')
    mask *= dtype.type(1. / (1 - ratio))
    return mask


class Dropout(function_node.FunctionNode):
    """Dropout regularization: zero elements with probability ``dropout_ratio`` and scale
    the others by ``1 / (1 - dropout_ratio)``.

    Attributes:
        mask: The scaled mask used in the forward pass (None when cuDNN was used).
    """

    def __init__(self, dropout_ratio, mask=None, return_mask=False):
        if not 0.0 <= dropout_ratio < 1.0:
            raise ValueError('dropout_ratio must be in the range [0, 1)')
        self.dropout_ratio = dropout_ratio
        self.mask = mask
        self.return_mask = return_mask
        self._use_cudnn = False

    @property
    def label(self):
        return 'Dropout'

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x',))
        type_check.expect(in_types[0].dtype.kind == 'f')

    def forward_cpu(self, inputs):
        x, = inputs
        if self.mask is None:
            self.mask = _cpu_mask(x.shape, x.dtype, self.dropout_ratio)
        return _apply_mask(x, self.mask),

    def forward_gpu(self, inputs):
        x, = inputs
        if (self.mask is None and not self.return_mask and x.flags.c_contiguous and
                cuda.should_use_cudnn('>=auto', 5000)):
            self._use_cudnn = True
            self.states = cuda.get_cudnn_dropout_states()
            self._reserve_space, y = self.states.forward(None, x, self.dropout_ratio)
            return y,
        if self.mask is None:
            # one pass: draw, threshold and scale the mask, and apply it
            uniform = cuda.cupy.random.rand(*x.shape, dtype=numpy.float32)
            keep_scale = x.dtype.type(1. / (1 - self.dropout_ratio))
            self.mask, y = cuda.elementwise(
                'T x, R u, R drop_ratio, T keep_scale', 'T mask, T y',
                'mask = u < drop_ratio ? (T)0 : keep_scale; y = x * mask',
                'chainer_dropout_mask')(x, uniform, self.dropout_ratio, keep_scale)
            return y,
        return _apply_mask(x, self.mask),

    def backward(self, indexes, grad_outputs):
        if self._use_cudnn:
            return DropoutGradCuDNN(
                self.states, self._reserve_space, self.dropout_ratio).apply(grad_outputs)
        return DropoutGrad(self.mask).apply(grad_outputs)

    def _backward_arrays(self, indexes, grad_outputs):
        gy, = grad_outputs
        if self._use_cudnn:
            return _cudnn_grad(self.states, self._reserve_space, self.dropout_ratio, gy),
        return _apply_mask(gy, self.mask),


def _cudnn_grad(states, reserve_space, dropout_ratio, gy):
    return states.backward(None, gy, dropout_ratio, reserve_space)


class DropoutGrad(function_node.FunctionNode):
    """Gradient of :class:`Dropout` (multiplication by the mask; linear, so its own
    gradient is itself)."""

    def __init__(self, mask):
        self.mask = mask

    def forward(self, inputs):
        gy, = inputs
        return _apply_mask(gy, self.mask),

    def backward(self, indexes, grad_outputs):
        return DropoutGrad(self.mask).apply(grad_outputs)


class DropoutGradCuDNN(function_node.FunctionNode):
    """Gradient of :class:`Dropout` computed with the cuDNN dropout states."""

    def __init__(self, states, reserve_space, dropout_ratio):
        self.states = states
        self.reserve_space = reserve_space
        self.dropout_ratio = dropout_ratio

    def forward(self, inputs):
        gy, = inputs
        return _cudnn_grad(self.states, self.reserve_space, self.dropout_ratio, gy),

    def backward(self, indexes, grad_outputs):
        return DropoutGradCuDNN(
            self.states, self.reserve_space, self.dropout_ratio).apply(grad_outputs)


def dropout(x, ratio=.5, **kwargs):
    """dropout(x, ratio=.5, *, mask=None, return_mask=False)

    Drops elements of input variable randomly.

    In training mode (``chainer.config.train``) each element is set to zero with
    probability ``ratio`` and the others are scaled by ``1 / (1 - ratio)``; otherwise the
    input is returned as is. See: `Dropout <https://arxiv.org/abs/1207.0580>`_.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input of floating dtype.
        ratio (float): Dropout ratio, in ``[0, 1)``.
        mask (:ref:`ndarray` or None): The scaled mask to use (shape and dtype of ``x``);
            cuDNN is not used when it is given.
        return_mask (bool): If True, the mask is returned with the output (None when
            not in training mode); it can be passed again as ``mask``.

    Returns:
        ~chainer.Variable or tuple: The output, or ``(output, mask)`` when
        ``return_mask`` is True.

    .. admonition:: Example

        >>> x = np.ones((2, 4), np.float32)
        >>> y = F.dropout(x, ratio=0.5)  # training: every element is dropped or scaled by 2
        >>> y.shape
        (2, 4)
        >>> set(y.array.ravel().tolist()) <= {0.0, 2.0}
        True
        >>> with chainer.using_config('train', False):
        ...     F.dropout(x).array  # the identity at test time
        array([[1., 1., 1., 1.],
               [1., 1., 1., 1.]], dtype=float32)
        >>> mask = np.array([[0, 2, 2, 0], [2, 0, 0, 2]], np.float32)
        >>> F.dropout(x, mask=mask).array  # a given mask (already scaled)
        array([[0., 2., 2., 0.],
               [2., 0., 0., 2.]], dtype=float32)
    """
    mask = None
    return_mask = False
    if kwargs:
        mask, return_mask = argument.parse_kwargs(
            kwargs, ('mask', mask), ('return_mask', return_mask),
            train=argument._TRAIN_REMOVED)

    if configuration.config.train:
        func = Dropout(ratio, mask, return_mask)
        out, = func.apply((x,))
        mask = func.mask
    else:
        out = chainer.as_variable(x)
        mask = None
    if return_mask:
        return out, mask
    return out
