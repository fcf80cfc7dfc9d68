"""Ready-made tests for unary math functions: :func:`unary_math_function_unittest`."""
import numpy

import chainer
from chainer.testing import backend as backend_module
from chainer.testing import function_link
from chainer.testing import parameterized


def is_available():
    """Returns True if :func:`unary_math_function_unittest` can be used (it needs pytest)."""
    from chainer.testing import attr
    return attr.is_available()


def check_available():
    """Raises :class:`RuntimeError` if :func:`unary_math_function_unittest` cannot be used."""
    from chainer.testing import attr
    error = attr.get_error()
    if error is not None:
        raise RuntimeError('{} is not available.\n\nReason: {}: {}'.format(
            __name__, type(error).__name__, error))


def _make_data_default(shape, dtype):
    x = numpy.random.uniform(-1, 1, shape).astype(dtype, copy=False)
    gy = numpy.random.uniform(-1, 1, shape).astype(dtype, copy=False)
    ggx = numpy.random.uniform(-1, 1, shape).astype(dtype, copy=False)
    return x, gy, ggx


def unary_math_function_unittest(func, func_expected=None, label_expected=None,
                                 make_data=None, is_linear=None, forward_options=None,
                                 backward_options=None, double_backward_options=None):
    """Class decorator generating forward/backward/double-backward/label tests of ``func``.

    Tests run for shapes ``(3, 2)`` and ``()`` and dtypes float16/32/64 on every backend.

    Args:
        func: The function under test (e.g. ``F.exp``).
        func_expected: NumPy reference (default: ``numpy.<name>``).
        label_expected (str): Expected label of the FunctionNode (default: the name).
        make_data: ``make_data(shape, dtype) -> (x, gy, ggx)``.
        is_linear: Unused; kept for the v7 signature.
        forward_options, backward_options, double_backward_options (dict): Tolerances.
    """
    check_available()
    name = func.__name__
    if func_expected is None:
        func_expected = getattr(numpy, name)
    if label_expected is None:
        label_expected = name
    if make_data is None:
        make_data = _make_data_default

    def decorator(klass):
        class Base(klass, function_link.FunctionTestCase):
            def setUp(self):
                super().setUp() if hasattr(klass, 'setUp') else None
                self._data = make_data(self.shape, self.dtype)
                tol = {'atol': 1e-4, 'rtol': 1e-4}
                if self.dtype == numpy.float16:
                    tol = {'atol': 1e-3, 'rtol': 1e-3}
                self.check_forward_options = dict(tol, **(forward_options or {}))
                self.check_backward_options = dict(
                    {'atol': 3e-3, 'rtol': 3e-2} if self.dtype == numpy.float16 else tol,
                    **(backward_options or {}))
                self.check_double_backward_options = dict(
                    {'atol': 3e-3, 'rtol': 3e-2} if self.dtype == numpy.float16 else tol,
                    **(double_backward_options or {}))

            def generate_inputs(self):
                return self._data[0],

            def generate_grad_outputs(self, outputs_template):
                return self._data[1],

            def generate_grad_grad_inputs(self, inputs_template):
                return self._data[2],

            def forward(self, inputs, device):
                return func(inputs[0]),

            def forward_expected(self, inputs):
                y = func_expected(inputs[0])
                return numpy.asarray(y).astype(self.dtype, copy=False),

            def test_label(self):
                x = chainer.Variable(self._data[0])
                y = func(x)
                assert y.creator.label == label_expected, (
                    '%r != %r' % (y.creator.label, label_expected))

        Base.__name__ = klass.__name__
        Base.__qualname__ = klass.__qualname__
        Base.__module__ = klass.__module__
        backend_module.inject_backend_tests(
            ['test_forward', 'test_backward', 'test_double_backward'],
            [{}, {'use_cuda': True}])(Base)
        return parameterized.parameterize(*parameterized.product({
            'shape': [(3, 2), ()],
            'dtype': [numpy.float16, numpy.float32, numpy.float64],
        }))(Base)
    return decorator
