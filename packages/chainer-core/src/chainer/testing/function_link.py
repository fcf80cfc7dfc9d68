"""Test-case templates for functions: :class:`FunctionTestCase`."""
import contextlib
import unittest

import numpy

import chainer
from chainer import gradient_check
from chainer.testing import array as array_module

_TEST_KINDS = ('test_forward', 'test_backward', 'test_double_backward')
_SKIP_FLAGS = {
    'test_forward': 'skip_forward_test',
    'test_backward': 'skip_backward_test',
    'test_double_backward': 'skip_double_backward_test',
}


class _TestError(AssertionError):
    """Base of the errors raised when the target of a test template is implemented wrong."""

    @classmethod
    def check(cls, expr, message):
        """Raises this error with ``message`` unless ``expr`` is true."""
        if not expr:
            raise cls(message)

    @classmethod
    def fail(cls, message, exc=None):
        """Raises this error with ``message`` (appending the message of ``exc``)."""
        if exc is not None:
            message = '{}\n{}: {}'.format(message, type(exc).__name__, exc)
        raise cls(message)

    @classmethod
    @contextlib.contextmanager
    def raise_if_fail(cls, message, error_types=AssertionError):
        """Converts ``error_types`` raised in the block into this error."""
        try:
            yield
        except error_types as e:
            cls.fail(message, e)


class FunctionTestError(_TestError):
    """Raised when the function under a :class:`FunctionTestCase` is implemented wrong."""


class _TestMethodMasking:
    """Removes the generated test methods that a class-level ``skip_*`` flag disables."""

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        for kind, flag in _SKIP_FLAGS.items():
            if getattr(cls, flag, False):
                for name in dir(cls):
                    if name == kind or name.startswith(kind + '__'):
                        setattr(cls, name, None)


def _as_tuple(x):
    if isinstance(x, tuple):
        return x
    if isinstance(x, list):
        return tuple(x)
    return (x,)


def _uniform_like(arrays):
    return tuple(
        None if a is None else numpy.random.uniform(-1, 1, a.shape).astype(a.dtype)
        for a in arrays)


class FunctionTestBase(_TestMethodMasking):
    """Shared machinery of :class:`FunctionTestCase` (forward, backward, double backward)."""

    backend_config = None
    check_forward_options = None
    check_backward_options = None
    check_double_backward_options = None
    skip_forward_test = False
    skip_backward_test = False
    skip_double_backward_test = False
    dodge_nondifferentiable = False
    numerical_grad_dtype = numpy.float64
    contiguous = None

    def before_test(self, test_name):
        """Hook called before each test (override to adjust options)."""

    def forward(self, inputs, device):
        """Applies the function under test to input Variables; returns output Variables."""
        raise NotImplementedError('forward() is not implemented')

    def forward_expected(self, inputs):
        """Computes the expected outputs from NumPy inputs; returns a tuple of arrays."""
        raise NotImplementedError('forward_expected() is not implemented')

    def generate_inputs(self):
        """Returns a tuple of NumPy input arrays."""
        raise NotImplementedError('generate_inputs() is not implemented')

    def generate_grad_outputs(self, outputs_template):
        """Returns output gradients shaped like ``outputs_template``."""
        return _uniform_like(outputs_template)

    def generate_grad_grad_inputs(self, inputs_template):
        """Returns second-order input gradients shaped like ``inputs_template``."""
        return _uniform_like(inputs_template)

    def check_forward_outputs(self, outputs, expected_outputs):
        """Compares actual and expected outputs (count, shape, dtype and values)."""
        assert len(outputs) == len(expected_outputs), (
            'number of outputs: %d != expected %d' % (len(outputs), len(expected_outputs)))
        options = self.check_forward_options or {}
        for i, (out, exp) in enumerate(zip(outputs, expected_outputs)):
            exp = numpy.asarray(exp)
            assert out.shape == exp.shape, (
                'output %d shape %s != expected %s' % (i, out.shape, exp.shape))
            assert out.dtype == exp.dtype, (
                'output %d dtype %s != expected %s' % (i, out.dtype, exp.dtype))
            array_module.assert_allclose(out, exp, **options)

    # ----------------------------------------------------------------------------------------

    def _skip_if(self, flag):
        if getattr(self, flag):
            raise unittest.SkipTest('%s is set' % flag)

    def _inputs(self):
        inputs = _as_tuple(self.generate_inputs())
        for x in inputs:
            if not isinstance(x, numpy.ndarray):
                raise TypeError('generate_inputs must return NumPy arrays, not %s' % type(x))
        return inputs

    def _to_device(self, arrays):
        return tuple(self.backend_config.get_array(a.copy()) if a is not None else None
                     for a in arrays)

    def _forward(self, inputs, backend_config):
        with backend_config:
            variables = tuple(chainer.Variable(x) for x in inputs)
            outputs = self.forward(variables, backend_config.device)
        outputs = _as_tuple(outputs)
        for y in outputs:
            if not isinstance(y, chainer.Variable):
                raise TypeError('forward() must return Variables, not %s' % type(y))
        return outputs

    def run_test_forward(self, backend_config):
        self.backend_config = backend_config
        self.before_test('test_forward')
        self._skip_if('skip_forward_test')
        inputs = self._inputs()
        outputs = self._forward(self._to_device(inputs), backend_config)
        expected = _as_tuple(self.forward_expected(tuple(x.copy() for x in inputs)))
        with FunctionTestError.raise_if_fail(
                'Forward outputs do not match the expected values.'):
            self.check_forward_outputs(
                tuple(chainer.backend.CpuDevice().send(y.array) for y in outputs), expected)

    def _check_backward_with_dodging(self, run):
        attempts = 10 if self.dodge_nondifferentiable else 1
        for i in range(attempts):
            inputs = self._inputs()
            try:
                run(inputs)
                return
            except gradient_check.NondifferentiableError:
                if i == attempts - 1:
                    raise

    def run_test_backward(self, backend_config):
        self.backend_config = backend_config
        self.before_test('test_backward')
        self._skip_if('skip_backward_test')

        def run(inputs):
            outputs = self._forward(self._to_device(inputs), backend_config)
            grad_outputs = self.generate_grad_outputs(
                tuple(chainer.backend.CpuDevice().send(y.array) for y in outputs))

            def f(*xs):
                return self.forward(xs, backend_config.device)

            options = dict(self.check_backward_options or {})
            options.setdefault('dtype', self.numerical_grad_dtype)
            if self.dodge_nondifferentiable:
                options['detect_nondifferentiable'] = True
            with backend_config, FunctionTestError.raise_if_fail(
                    'backward is not implemented correctly'):
                gradient_check.check_backward(
                    f, self._to_device(inputs), self._to_device(grad_outputs), **options)

        self._check_backward_with_dodging(run)

    def run_test_double_backward(self, backend_config):
        self.backend_config = backend_config
        self.before_test('test_double_backward')
        self._skip_if('skip_double_backward_test')

        def run(inputs):
            outputs = self._forward(self._to_device(inputs), backend_config)
            grad_outputs = self.generate_grad_outputs(
                tuple(chainer.backend.CpuDevice().send(y.array) for y in outputs))
            grad_grad_inputs = self.generate_grad_grad_inputs(inputs)

            def f(*xs):
                return self.forward(xs, backend_config.device)

            options = dict(self.check_double_backward_options or {})
            options.setdefault('dtype', self.numerical_grad_dtype)
            if self.dodge_nondifferentiable:
                options['detect_nondifferentiable'] = True
            with backend_config, FunctionTestError.raise_if_fail(
                    'double backward is not implemented correctly'):
                gradient_check.check_double_backward(
                    f, self._to_device(inputs), self._to_device(grad_outputs),
                    self._to_device(grad_grad_inputs), **options)

        self._check_backward_with_dodging(run)


class FunctionTestCase(FunctionTestBase, unittest.TestCase):
    """unittest template testing a function's forward, backward and double backward.

    Subclasses implement :meth:`generate_inputs`, :meth:`forward` and
    :meth:`forward_expected`, and are decorated with
    :func:`chainer.testing.inject_backend_tests`. Class attributes ``skip_forward_test``,
    ``skip_backward_test`` and ``skip_double_backward_test`` remove the corresponding tests.
    """

    __test__ = False

    def test_forward(self, backend_config):
        """Tests the forward computation against :meth:`forward_expected`."""
        self.run_test_forward(backend_config)

    def test_backward(self, backend_config):
        """Tests the backward computation with :func:`gradient_check.check_backward`."""
        self.run_test_backward(backend_config)

    def test_double_backward(self, backend_config):
        """Tests second-order gradients with :func:`gradient_check.check_double_backward`."""
        self.run_test_double_backward(backend_config)


def __getattr__(name):
    # v7 keeps the link test templates in this module as well.
    if name in ('LinkTestCase', 'LinkInitializersTestCase', 'InitializerArgument',
                'LinkTestError'):
        from chainer.testing import _link_tests
        return getattr(_link_tests, name)
    raise AttributeError('module %r has no attribute %r' % (__name__, name))
