"""Test-case templates for functions (:class:`FunctionTestCase`) and links.

The link templates (``LinkTestCase``, ``LinkInitializersTestCase``) are importable from
here as in v7; they live in :mod:`chainer.testing._link_tests`.
"""
import contextlib
import unittest

import numpy

import chainer
from chainer import backend
from chainer import gradient_check
from chainer.testing import _bundle
from chainer.testing import array as array_module
from chainer.utils.error import _format_array_props

# Redraws of the inputs when ``dodge_nondifferentiable`` meets a non-differentiable point.
_MAX_DODGE_ATTEMPTS = 100


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
            message = '{}\n(caused by)\n{}: {}\n'.format(message, type(exc).__name__, exc)
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


def _check_array_types(arrays, device, func_name):
    # What a user-implemented generator returns: a tuple of arrays of ``device`` (or None).
    if not isinstance(arrays, tuple):
        raise TypeError('`{}()` must return a tuple, not {}.'.format(func_name, type(arrays)))
    if not all(a is None or isinstance(a, device.supported_array_types) for a in arrays):
        raise TypeError(
            '{}() must return a tuple of arrays supported by device {} or None.\n'
            'Actual: {}'.format(func_name, device, tuple(type(a) for a in arrays)))


def _check_variable_types(variables, device, func_name, test_error_cls):
    # What the code under test returns: a tuple of Variables on ``device``.
    if not isinstance(variables, tuple):
        test_error_cls.fail('`{}()` must return a tuple, not {}.'.format(
            func_name, type(variables)))
    if not all(isinstance(v, chainer.Variable) for v in variables):
        test_error_cls.fail('{}() must return a tuple of Variables.\nActual: {}'.format(
            func_name, ', '.join(str(type(v)) for v in variables)))
    if not all(isinstance(v.array, device.supported_array_types) for v in variables):
        test_error_cls.fail(
            '{}() must return a tuple of Variables of arrays supported by device {}.\n'
            'Actual: {}'.format(
                func_name, device, ', '.join(str(type(v.array)) for v in variables)))


def _check_arrays_equal(actual_arrays, expected_arrays, test_error_cls, **opts):
    """Compares output arrays with the expected ones: count, shapes, dtypes, then values."""
    assert isinstance(actual_arrays, tuple) and isinstance(expected_arrays, tuple)
    assert all(a is not None for a in actual_arrays + expected_arrays)
    shapes = 'Expected shapes and dtypes: {}\nActual shapes and dtypes:   {}\n'.format(
        _format_array_props(expected_arrays), _format_array_props(actual_arrays))
    if len(actual_arrays) != len(expected_arrays):
        test_error_cls.fail('Number of outputs ({}, {}) does not match\n{}'.format(
            len(actual_arrays), len(expected_arrays), shapes))
    if any(a.shape != e.shape or a.dtype != e.dtype
           for a, e in zip(actual_arrays, expected_arrays)):
        test_error_cls.fail('Shapes and/or dtypes do not match\n' + shapes)
    failures = []
    for i, (actual, expected) in enumerate(zip(actual_arrays, expected_arrays)):
        try:
            array_module.assert_allclose(actual, expected, **opts)
        except AssertionError as e:
            failures.append((i, e))
    if failures:
        details = ''.join('\n\nError details of output [{}]:\n{}'.format(i, e)
                          for i, e in failures)
        test_error_cls.fail(
            'Outputs do not match the expected values.\n'
            'Indices of outputs that do not match: {}\n{}{}'.format(
                ', '.join(str(i) for i, _ in failures), shapes, details))


def _arrange_contiguity(contiguous, arrays):
    # ``contiguous``: None makes the arrays non-contiguous, 'C' keeps them.
    if contiguous is None:
        return array_module._as_noncontiguous_array(arrays)
    if contiguous == 'C':
        return arrays
    raise AssertionError('Invalid value of `contiguous`: {}'.format(contiguous))


def _dodging_nondifferentiable(dodge, run):
    # Calls ``run`` (which draws new inputs) again while, if ``dodge``, the numerical check
    # meets a non-differentiable point.
    for attempt in range(_MAX_DODGE_ATTEMPTS):
        try:
            return run()
        except gradient_check.NondifferentiableError:
            if not dodge or attempt == _MAX_DODGE_ATTEMPTS - 1:
                raise


def _uniform_like(arrays):
    return tuple(
        None if a is None
        else numpy.random.uniform(-1, 1, a.shape).astype(a.dtype, copy=False)
        for a in arrays)


class _TestTemplate:
    """What the function and link test templates share: checked inputs, their contiguity
    and the options of the numerical gradient checks."""

    def _generate_inputs(self):
        inputs = self.generate_inputs()
        _check_array_types(inputs, backend.CpuDevice(), 'generate_inputs')
        return inputs

    def _to_noncontiguous_as_needed(self, contig_arrays):
        return _arrange_contiguity(self.contiguous, contig_arrays)

    def _gradient_check_options(self, options):
        return dict({'dtype': self.numerical_grad_dtype,
                     'detect_nondifferentiable': self.dodge_nondifferentiable}, **options)


class FunctionTestBase(_TestTemplate):
    """The machinery of :class:`FunctionTestCase`, usable with other test frameworks.

    Options (class attributes, or instance attributes set in ``setUp``):
    ``check_forward_options`` (for :func:`chainer.testing.assert_allclose`),
    ``check_backward_options`` (for :func:`chainer.gradient_check.check_backward`) and
    ``check_double_backward_options`` (for
    :func:`chainer.gradient_check.check_double_backward`) start as empty dicts;
    ``skip_forward_test``, ``skip_backward_test`` and ``skip_double_backward_test`` skip a
    test; ``dodge_nondifferentiable`` redraws the inputs at non-differentiable points;
    ``numerical_grad_dtype`` is the dtype of the numerical gradients; ``contiguous`` is
    ``None`` (inputs are made non-contiguous) or ``'C'``.
    """

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

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.check_forward_options = {}
        self.check_backward_options = {}
        self.check_double_backward_options = {}

    def before_test(self, test_name):
        """Called at the start of each test with its name (after the skip flags are read)."""

    def forward(self, inputs, device):
        """Applies the function under test to input Variables; returns a tuple of Variables."""
        raise NotImplementedError('forward() is not implemented.')

    def forward_expected(self, inputs):
        """Computes the expected outputs from NumPy inputs; returns a tuple of arrays."""
        raise NotImplementedError('forward_expected() is not implemented.')

    def generate_inputs(self):
        """Returns a tuple of NumPy input arrays."""
        raise NotImplementedError('generate_inputs() is not implemented.')

    def generate_grad_outputs(self, outputs_template):
        """Returns output gradients shaped like ``outputs_template`` (the expected outputs)."""
        return _uniform_like(outputs_template)

    def generate_grad_grad_inputs(self, inputs_template):
        """Returns second-order input gradients shaped like ``inputs_template``."""
        return _uniform_like(inputs_template)

    def check_forward_outputs(self, outputs, expected_outputs):
        """Compares actual and expected outputs (count, shapes, dtypes and values)."""
        _check_arrays_equal(outputs, expected_outputs, FunctionTestError,
                            **self.check_forward_options)

    # ------------------------------------------------------------------------------------

    def _start(self, test_name, backend_config):
        if getattr(self, 'skip_' + test_name[len('test_'):] + '_test'):
            raise unittest.SkipTest('skip_{}_test is set'.format(test_name[len('test_'):]))
        self.backend_config = backend_config
        self.test_name = test_name
        self.before_test(test_name)

    def _generate_grad_outputs(self, outputs_template):
        grad_outputs = self.generate_grad_outputs(outputs_template)
        _check_array_types(grad_outputs, backend.CpuDevice(), 'generate_grad_outputs')
        return grad_outputs

    def _generate_grad_grad_inputs(self, inputs_template):
        grad_grad_inputs = self.generate_grad_grad_inputs(inputs_template)
        _check_array_types(
            grad_grad_inputs, backend.CpuDevice(), 'generate_grad_grad_inputs')
        return grad_grad_inputs

    def _forward_expected(self, inputs):
        outputs = self.forward_expected(inputs)
        _check_array_types(outputs, backend.CpuDevice(), 'forward_expected')
        return outputs

    def _forward(self, inputs, backend_config):
        assert all(isinstance(x, chainer.Variable) for x in inputs)
        with backend_config:
            outputs = self.forward(inputs, backend_config.device)
        _check_variable_types(outputs, backend_config.device, 'forward', FunctionTestError)
        return outputs

    def _on_device(self, arrays, backend_config):
        return self._to_noncontiguous_as_needed(backend_config.get_array(arrays))

    def _function_of(self, backend_config):
        def f(*args):
            return self._forward(args, backend_config)
        return f

    def run_test_forward(self, backend_config):
        """Runs the forward test under ``backend_config``."""
        self._start('test_forward', backend_config)
        inputs = self._to_noncontiguous_as_needed(self._generate_inputs())
        originals = tuple(None if x is None else x.copy() for x in inputs)
        expected = self._forward_expected(inputs)
        device_inputs = backend_config.get_array(inputs)
        outputs = self._forward(
            tuple(None if x is None else chainer.Variable(x, requires_grad=x.dtype.kind == 'f')
                  for x in device_inputs),
            backend_config)
        for original, cpu_input, device_input in zip(originals, inputs, device_inputs):
            if original is None:
                continue
            if not (numpy.array_equal(original, cpu_input, equal_nan=True)
                    and numpy.array_equal(original, backend.CpuDevice().send(device_input),
                                          equal_nan=True)):
                FunctionTestError.fail('Input arrays have been modified during forward.')
        self.check_forward_outputs(tuple(y.array for y in outputs), expected)

    def run_test_backward(self, backend_config):
        """Runs the backward test (:func:`chainer.gradient_check.check_backward`)."""
        self._start('test_backward', backend_config)

        def run():
            inputs = self._generate_inputs()
            grad_outputs = self._generate_grad_outputs(self._forward_expected(inputs))
            inputs = self._on_device(inputs, backend_config)
            grad_outputs = self._on_device(grad_outputs, backend_config)
            options = self._gradient_check_options(self.check_backward_options)
            with backend_config, FunctionTestError.raise_if_fail(
                    'backward is not implemented correctly'):
                gradient_check.check_backward(
                    self._function_of(backend_config), inputs, grad_outputs, **options)
        _dodging_nondifferentiable(self.dodge_nondifferentiable, run)

    def run_test_double_backward(self, backend_config):
        """Runs the double backward test (:func:`gradient_check.check_double_backward`)."""
        self._start('test_double_backward', backend_config)

        def run():
            inputs = self._generate_inputs()
            grad_outputs = self._generate_grad_outputs(self._forward_expected(inputs))
            grad_grad_inputs = self._generate_grad_grad_inputs(inputs)
            inputs = self._on_device(inputs, backend_config)
            grad_outputs = self._on_device(grad_outputs, backend_config)
            grad_grad_inputs = self._on_device(grad_grad_inputs, backend_config)
            options = self._gradient_check_options(self.check_double_backward_options)
            with backend_config, FunctionTestError.raise_if_fail(
                    'double backward is not implemented correctly'):
                gradient_check.check_double_backward(
                    self._function_of(backend_config), inputs, grad_outputs,
                    grad_grad_inputs, **options)
        _dodging_nondifferentiable(self.dodge_nondifferentiable, run)


@_bundle.template
class FunctionTestCase(FunctionTestBase, unittest.TestCase):
    """unittest template testing a function's forward, backward and double backward.

    A concrete class implements :meth:`generate_inputs`, :meth:`forward` and
    :meth:`forward_expected`, and is decorated with
    :func:`chainer.testing.inject_backend_tests` (``test_forward``, ``test_backward`` and
    ``test_double_backward`` take the backend configuration). See :class:`FunctionTestBase`
    for the options; ``setUp`` typically updates the option dicts in place::

        @testing.inject_backend_tests(None, [{}, {'use_cuda': True}])
        class TestExp(testing.FunctionTestCase):

            def setUp(self):
                self.check_backward_options.update({'atol': 1e-3})

            def generate_inputs(self):
                return numpy.random.uniform(-1, 1, (3, 2)).astype(numpy.float32),

            def forward(self, inputs, device):
                return F.exp(inputs[0]),

            def forward_expected(self, inputs):
                return numpy.exp(inputs[0]),
    """

    def test_forward(self, backend_config):
        """Tests the forward computation against :meth:`forward_expected`."""
        self.run_test_forward(backend_config)

    def test_backward(self, backend_config):
        """Tests the backward computation with :func:`gradient_check.check_backward`."""
        self.run_test_backward(backend_config)

    def test_double_backward(self, backend_config):
        """Tests second-order gradients with :func:`gradient_check.check_double_backward`."""
        self.run_test_double_backward(backend_config)


_LINK_TEMPLATES = ('LinkTestCase', 'LinkInitializersTestCase', 'InitializerArgument',
                   'LinkTestError')


def __getattr__(name):
    # v7 keeps the link test templates in this module as well.
    if name in _LINK_TEMPLATES:
        from chainer.testing import _link_tests
        return getattr(_link_tests, name)
    raise AttributeError('module %r has no attribute %r' % (__name__, name))


def __dir__():
    return sorted(set(globals()) | set(_LINK_TEMPLATES))
