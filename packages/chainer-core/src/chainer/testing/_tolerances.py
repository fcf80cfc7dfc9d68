"""Tolerances by dtype shared by the function tests of the repository."""
import numpy


def set_default_tolerances(test):
    """Sets the ``check_*_options`` of a :class:`~chainer.testing.FunctionTestCase` for its
    ``dtype``: loose for float16, tighter for backward in float32/64."""
    if test.dtype == numpy.float16:
        test.check_forward_options = {'atol': 5e-3, 'rtol': 5e-3}
        test.check_backward_options = {'atol': 5e-2, 'rtol': 5e-2}
        test.check_double_backward_options = {'atol': 5e-2, 'rtol': 5e-2}
    else:
        test.check_backward_options = {'atol': 1e-4, 'rtol': 1e-3}
        test.check_double_backward_options = {'atol': 1e-3, 'rtol': 1e-2}
