"""Gaussian sampling with the reparameterization trick."""
import numpy

import chainer
from chainer import backend
from chainer import function_node
from chainer import utils
from chainer.utils import argument
from chainer.utils import type_check


class Gaussian(function_node.FunctionNode):
    """Samples ``mean + exp(ln_var / 2) * eps`` with ``eps ~ N(0, I)``.

    Attributes:
        eps: The standard normal noise used (given or sampled in forward).
    """

    def __init__(self, eps=None):
        self.eps = eps

    @property
    def label(self):
        return 'Gaussian'

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('mean', 'ln_var'))
        m_type, v_type = in_types
        type_check.expect(
            m_type.dtype.kind == 'f',
            m_type.dtype == v_type.dtype,
            m_type.shape == v_type.shape,
        )

    def forward(self, inputs):
        self.retain_inputs((1,))
        mean, ln_var = inputs
        if self.eps is None:
            self.eps = _standard_normal(mean)
        std = backend.get_array_module(ln_var).exp(ln_var * ln_var.dtype.type(0.5))
        return utils.force_array(mean + std * self.eps, mean.dtype),

    def backward(self, indexes, grad_outputs):
        # the sample is mean + exp(ln_var / 2) * eps: its slope is 1 along the mean and
        # exp(ln_var / 2) * eps / 2 along ln_var
        gy, = grad_outputs
        grads = {0: gy}
        if 1 in indexes:
            ln_var, = self.get_retained_inputs()
            half_eps = self.eps.astype(ln_var.dtype, copy=False) * ln_var.dtype.type(0.5)
            grads[1] = gy * (chainer.functions.exp(ln_var * 0.5) * half_eps)
        return tuple([grads[i] for i in indexes])


def _standard_normal(like):
    """Standard normal noise of the shape and dtype of ``like`` (on its device)."""
    xp = backend.get_array_module(like)
    if xp is numpy:
        return numpy.random.standard_normal(like.shape).astype(like.dtype, copy=False)
    return xp.random.standard_normal(like.shape, dtype=like.dtype)


def gaussian(mean, ln_var, **kwargs):
    """gaussian(mean, ln_var, *, eps=None, return_eps=False)

    Gaussian sampling function.

    Draws a sample from ``N(mean, exp(ln_var))`` as ``mean + exp(ln_var / 2) * eps``
    with ``eps ~ N(0, I)``, so that gradients flow to ``mean`` and ``ln_var``
    (reparameterization trick).

    Args:
        mean (:class:`~chainer.Variable` or :ref:`ndarray`): Mean of the distribution.
        ln_var (:class:`~chainer.Variable` or :ref:`ndarray`): Logarithm of the variance.
        eps (:ref:`ndarray` or None): The noise to use; sampled when None.
        return_eps (bool): If True, the noise is returned with the sample.

    Returns:
        ~chainer.Variable or tuple: The sample, or ``(sample, eps)`` when ``return_eps``.

    .. admonition:: Example

        >>> mean = np.zeros((2, 3), np.float32)
        >>> ln_var = np.full((2, 3), np.log(4), np.float32)  # variance 4
        >>> y = F.gaussian(mean, ln_var)  # samples of N(mean, exp(ln_var))
        >>> y.shape, y.dtype
        ((2, 3), dtype('float32'))
        >>> eps = np.array([[1, 0, -1], [0, 0, 2]], np.float32)  # given standard normal noise
        >>> np.round(F.gaussian(mean, ln_var, eps=eps).array, 4)  # mean + 2 * eps
        array([[ 2.,  0., -2.],
               [ 0.,  0.,  4.]], dtype=float32)
    """
    eps = None
    return_eps = False
    if kwargs:
        eps, return_eps = argument.parse_kwargs(
            kwargs, ('eps', eps), ('return_eps', return_eps))
    func = Gaussian(eps)
    out = func.apply((mean, ln_var))[0]
    if return_eps:
        return out, func.eps
    return out
