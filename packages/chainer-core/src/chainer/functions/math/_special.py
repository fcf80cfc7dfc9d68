"""Shared machinery of the special functions (erf, gamma family, ...).

On CPU they use :mod:`scipy.special`, imported lazily on the first forward. A few (erf, erfc,
ndtr, log_ndtr) fall back to a slow vectorized pure-Python implementation with a
:class:`chainer.warnings.PerformanceWarning` when SciPy is missing; the others raise
:class:`ImportError`. On GPU they use CUDA math functions or :mod:`cupyx.scipy.special`.
"""
import importlib.util
import warnings

import numpy

from chainer import function_node, utils
from chainer.utils import type_check

_cpu_funcs = {}

#: Whether SciPy is installed (found without importing it).
scipy_available = importlib.util.find_spec('scipy') is not None


def cpu_function(label, scipy_name, fallback=None):
    """Returns the CPU implementation of a special function (cached)."""
    f = _cpu_funcs.get(label)
    if f is not None:
        return f
    try:
        from scipy import special
        f = getattr(special, scipy_name)
    except ImportError:
        if fallback is None:
            raise ImportError(
                'SciPy is not available. Forward computation of {} in CPU can not be '
                'done.'.format(label))
        warnings.warn(
            'SciPy is not available. Forward computation of {} in CPU can be slow without '
            'SciPy.'.format(label), _performance_warning())
        f = numpy.vectorize(fallback, otypes=[numpy.float64])
    _cpu_funcs[label] = f
    return f


def _performance_warning():
    try:
        from chainer.warnings import PerformanceWarning
    except ImportError:  # pragma: no cover - chainer.warnings is part of chainer-core
        return RuntimeWarning
    return PerformanceWarning


class UnarySpecialFunction(function_node.FunctionNode):
    """Base of the one-input special functions.

    Subclasses set ``_label``, ``_scipy_name``, optionally ``_fallback`` (a scalar Python
    function used when SciPy is missing), and either ``_gpu_expr`` (the body of an elementwise
    kernel computing ``y`` from ``x``) or ``_cupyx_name``; ``_retain`` lists what backward
    needs (``'x'`` and/or ``'y'``).
    """

    _label = None
    _scipy_name = None
    _fallback = None
    _gpu_expr = None
    _cupyx_name = None
    _retain = ('x',)

    @property
    def label(self):
        return self._label

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x',))
        type_check.expect(in_types[0].dtype.kind == 'f')

    def _retain_for_backward(self):
        if 'x' in self._retain:
            self.retain_inputs((0,))
        if 'y' in self._retain:
            self.retain_outputs((0,))

    def forward_cpu(self, inputs):
        x, = inputs
        self._retain_for_backward()
        fallback = type(self)._fallback
        f = cpu_function(self._label, self._scipy_name, fallback)
        return utils.force_array(f(x), x.dtype),

    def forward_gpu(self, inputs):
        from chainer.backends import cuda
        x, = inputs
        self._retain_for_backward()
        if self._gpu_expr is not None:
            y = cuda.elementwise(
                'T x', 'T y', self._gpu_expr, 'chainer_' + self._label)(x)
        else:
            import cupyx.scipy.special
            y = getattr(cupyx.scipy.special, self._cupyx_name)(x)
        return utils.force_array(y, x.dtype),
