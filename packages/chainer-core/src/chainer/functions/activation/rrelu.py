"""Randomized leaky rectified linear unit."""
import numpy

import chainer
from chainer import backend
from chainer import function_node
from chainer import utils
from chainer.utils import argument
from chainer.utils import type_check


def _rrelu_grad(y, r, gy):
    xp = backend.get_array_module(gy)
    return utils.force_array(xp.where(y >= 0, gy, gy * r), gy.dtype)


class RReLU(function_node.FunctionNode):
    """Randomized Leaky Rectifier Unit.

    In training mode each negative element is scaled by a slope drawn from
    ``U(lower, upper)`` (or by the given ``r``); in test mode by ``(lower + upper) / 2``.
    """

    def __init__(self, lower=1. / 8, upper=1. / 3, r=None):
        super().__init__()
        if not 0.0 <= lower < 1.0:
            raise ValueError('lower must be in the range [0, 1)')
        if not 0.0 <= upper < 1.0:
            raise ValueError('upper must be in the range [0, 1)')
        if not lower < upper:
            raise ValueError('lower must be less than upper')
        self.lower = lower
        self.upper = upper
        self.r = r

    @property
    def label(self):
        return 'RReLU'

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x',))
        x_type, = in_types
        type_check.expect(x_type.dtype.kind == 'f')
        if self.r is not None:
            type_check.expect(
                x_type.dtype == self.r.dtype,
                x_type.shape == self.r.shape,
            )

    def forward(self, inputs):
        x, = inputs
        xp = backend.get_array_module(x)
        if chainer.config.train:
            if self.r is None:
                if xp is numpy:
                    r = numpy.random.uniform(self.lower, self.upper, x.shape)
                else:
                    r = xp.random.uniform(self.lower, self.upper, x.shape)
                self.r = r.astype(x.dtype, copy=False)
        else:
            self.r = xp.full(x.shape, (self.lower + self.upper) / 2, dtype=x.dtype)
        self.retain_outputs((0,))
        return utils.force_array(xp.where(x >= 0, x, x * self.r), x.dtype),

    def backward(self, indexes, grad_outputs):
        y = self.get_retained_outputs()[0].array
        return _RReLUGrad(y, self.r).apply(grad_outputs)


class _RReLUGrad(function_node.FunctionNode):

    def __init__(self, y, r):
        super().__init__()
        self.y = y
        self.r = r

    def forward(self, inputs):
        gy, = inputs
        return _rrelu_grad(self.y, self.r, gy),

    def backward(self, indexes, grad_outputs):
        return _RReLUGrad(self.y, self.r).apply(grad_outputs)


def rrelu(x, l=1. / 8, u=1. / 3, **kwargs):  # noqa: E741
    """Randomized Leaky Rectified Linear Unit function.

    ``f(x) = x`` if ``x >= 0`` else ``r * x``, with ``r`` drawn elementwise from ``U(l, u)``
    in training mode and ``r = (l + u) / 2`` in test mode (``chainer.config.train``).

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input of floating dtype.
        l (float): Lower bound of the slope distribution, in ``[0, 1)``.
        u (float): Upper bound of the slope distribution, in ``[0, 1)``, ``l < u``.
        r (:ref:`ndarray`, optional): Slopes to use in training mode instead of sampling
            (same shape and dtype as ``x``).
        return_r (bool): If True, also return the slopes used.

    Returns:
        ~chainer.Variable or tuple: The output, or ``(output, r)`` if ``return_r`` is True.
    """
    r = None
    return_r = False
    if kwargs:
        r, return_r = argument.parse_kwargs(
            kwargs, ('r', r), ('return_r', return_r),
            train='train argument is not supported anymore. '
                  'Use chainer.using_config')
    func = RReLU(l, u, r)
    out, = func.apply((x,))
    if return_r:
        return out, func.r
    return out
