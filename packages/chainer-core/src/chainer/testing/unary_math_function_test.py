"""Ready-made tests for unary math functions: :func:`unary_math_function_unittest`."""
import warnings

import numpy

import chainer
from chainer import backend
from chainer import function
from chainer import gradient_check
from chainer import testing
from chainer.testing import attr
from chainer.testing import parameterized


def is_available():
    """Returns True if :func:`unary_math_function_unittest` can be used (it needs pytest)."""
    return attr.is_available()


def check_available():
    """Raises :class:`RuntimeError` if :func:`unary_math_function_unittest` cannot be used."""
    error = attr.get_error()
    if error is not None:
        raise RuntimeError('{} is not available.\n\nReason: {}: {}'.format(
            __name__, type(error).__name__, error))


def _make_data_default(shape, dtype):
    x = numpy.random.uniform(-1, 1, shape).astype(dtype, copy=False)
    gy = numpy.random.uniform(-1, 1, shape).astype(dtype, copy=False)
    ggx = numpy.random.uniform(-1, 1, shape).astype(dtype, copy=False)
    return x, gy, ggx


def _default_options(dtype):
    # (forward, backward and double backward) options per dtype.
    if dtype == numpy.float16:
        forward = {'atol': 2 ** -10, 'rtol': 2 ** -10}
        backward = {'eps': 2 ** -4, 'atol': 2 ** -4, 'rtol': 2 ** -4, 'dtype': numpy.float64}
    else:
        forward = {'atol': 1e-4, 'rtol': 1e-4}
        backward = {'dtype': numpy.float64, 'atol': 1e-4, 'rtol': 1e-4}
    return forward, backward, dict(backward)


def _is_old_style(func):
    # Old-style Functions (chainer.Function) have labels the tests can check.
    y = func(chainer.Variable(numpy.full((1,), 0.5, numpy.float32)))
    return isinstance(y.creator, function.FunctionAdapter)


def _test_methods(func, func_expected, label_expected):
    def setUp(self):
        self.x, self.gy, self.ggx = self.make_data(self.shape, self.dtype)
        forward, backward, double_backward = _default_options(self.dtype)
        forward.update(self.forward_options_given or {})
        backward.update(self.backward_options_given or {})
        double_backward.update(self.double_backward_options_given or {})
        self.forward_options = forward
        self.backward_options = backward
        self.double_backward_options = double_backward

    def check_forward(self, x_data):
        y = func(chainer.Variable(x_data))
        assert y.array.dtype == x_data.dtype, (
            'output dtype {} != input dtype {}'.format(y.array.dtype, x_data.dtype))
        expected = func_expected(backend.CpuDevice().send(x_data), dtype=x_data.dtype)
        testing.assert_allclose(expected, y.array, **self.forward_options)

    def check_backward(self, x_data, y_grad):
        gradient_check.check_backward(func, x_data, y_grad, **self.backward_options)

    def check_double_backward(self, x_data, y_grad, x_grad_grad):
        gradient_check.check_double_backward(
            func, x_data, y_grad, x_grad_grad, **self.double_backward_options)

    def to_gpu(*arrays):
        from chainer.backends import cuda
        return [cuda.to_gpu(a) for a in arrays]

    def test_forward_cpu(self):
        self.check_forward(self.x)

    @attr.gpu
    def test_forward_gpu(self):
        self.check_forward(*to_gpu(self.x))

    def test_backward_cpu(self):
        self.check_backward(self.x, self.gy)

    @attr.gpu
    def test_backward_gpu(self):
        self.check_backward(*to_gpu(self.x, self.gy))

    def test_double_backward_cpu(self):
        self.check_double_backward(self.x, self.gy, self.ggx)

    @attr.gpu
    def test_double_backward_gpu(self):
        self.check_double_backward(*to_gpu(self.x, self.gy, self.ggx))

    methods = {name: value for name, value in locals().items()
               if name.startswith(('test_', 'check_', 'setUp'))}
    if label_expected is not None:
        def test_label(self):
            label = func(chainer.Variable(self.x)).creator.label
            assert label == label_expected, '{!r} != {!r}'.format(label, label_expected)
        methods['test_label'] = test_label
    return methods


def unary_math_function_unittest(func, func_expected=None, label_expected=None,
                                 make_data=None, is_linear=None, forward_options=None,
                                 backward_options=None, double_backward_options=None):
    """Class decorator generating forward, backward and double backward tests of ``func``.

    The decorated class gets ``setUp`` (drawing ``self.x``, ``self.gy`` and ``self.ggx``
    with ``make_data``) and the tests ``test_forward_cpu``, ``test_backward_cpu``,
    ``test_double_backward_cpu`` and their ``*_gpu`` versions (marked ``gpu``), and is
    parameterized over shapes ``(3, 2)`` and ``()`` and dtypes float16/32/64.

    Args:
        func: The function under test (e.g. ``F.exp``).
        func_expected: NumPy reference called as ``func_expected(x, dtype=x.dtype)``
            (default: the NumPy function of the same name).
        label_expected (str): Expected label of the function node (only for old-style
            functions, which have labels; ``test_label`` checks it).
        make_data: ``make_data(shape, dtype) -> (x, gy, ggx)``.
        is_linear: Deprecated and unused.
        forward_options, backward_options, double_backward_options (dict): Options updating
            the default tolerances of :func:`chainer.testing.assert_allclose`,
            :func:`gradient_check.check_backward` and
            :func:`gradient_check.check_double_backward`.
    """
    check_available()
    name = func.__name__
    if func_expected is None:
        try:
            func_expected = getattr(numpy, name)
        except AttributeError:
            raise ValueError(
                'NumPy has no function {!r}: give func_expected'.format(name)) from None
    if label_expected is None:
        if _is_old_style(func):
            label_expected = name
    elif not _is_old_style(func):
        raise ValueError('Expected label is given even though Chainer function does not '
                         'have its label.')
    if is_linear is not None:
        warnings.warn('is_linear option is deprecated', DeprecationWarning)

    def decorator(klass):
        for key, value in _test_methods(func, func_expected, label_expected).items():
            setattr(klass, key, value)
        klass.make_data = staticmethod(make_data or _make_data_default)
        klass.forward_options_given = forward_options
        klass.backward_options_given = backward_options
        klass.double_backward_options_given = double_backward_options
        return parameterized.parameterize(*parameterized.product({
            'shape': [(3, 2), ()],
            'dtype': [numpy.float16, numpy.float32, numpy.float64],
        }))(klass)
    return decorator
