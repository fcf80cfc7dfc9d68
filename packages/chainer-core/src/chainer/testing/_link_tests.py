"""unittest templates for links: ``LinkTestCase`` and ``LinkInitializersTestCase``.

Concrete test classes are decorated with :func:`chainer.testing.inject_backend_tests`, which
turns each ``test_*(self, backend_config)`` method into one test per backend configuration.
"""
import unittest

import numpy

import chainer
from chainer import backend
from chainer import gradient_check
from chainer import initializers
from chainer.testing import _bundle
from chainer.testing import function_link
from chainer.testing.function_link import _check_array_types
from chainer.testing.function_link import _check_arrays_equal
from chainer.testing.function_link import _check_variable_types


class LinkTestError(function_link._TestError):
    """Raised when the link under test does not behave as the test case expects."""


class InitializerArgument:
    """An initializer argument whose effect differs from the argument itself.

    Use it in :meth:`LinkTestCase.generate_params` or
    :meth:`LinkInitializersTestCase.get_initializers` when the value handed to the link (for
    instance ``None``) stands for another initializer (for instance the link's default).

    Args:
        argument_value: What the link constructor receives.
        expected_initializer: Initializer, scalar or array the parameter should then be
            filled with (deterministic, for :class:`LinkInitializersTestCase`).
    """

    def __init__(self, argument_value, expected_initializer):
        if expected_initializer is None:
            raise ValueError('Expected initialized cannot be None.')
        initializers._check_is_initializer_like(expected_initializer)
        self.argument_value = argument_value
        self.expected_initializer = expected_initializer


def _check_generated_initializer(init):
    # A bare None is ambiguous (its meaning depends on the link) and must be wrapped.
    if init is None:
        raise ValueError(
            'A None initializer must be wrapped in a InitializerArgument along with the '
            'expected initializer fallen back to.')
    if isinstance(init, InitializerArgument):
        init = init.expected_initializer
    initializers._check_is_initializer_like(init)


def _argument_value(init):
    return init.argument_value if isinstance(init, InitializerArgument) else init


def _expected_initializer(init):
    if isinstance(init, InitializerArgument):
        init = init.expected_initializer
    return initializers._get_initializer(init)


def _params_of(link, names):
    found = []
    for name in names:
        param = getattr(link, name, None)
        if param is None:
            LinkTestError.fail("Link does not have a parameter named '{}'.".format(name))
        found.append(param)
    return found


class _LinkTestBase(function_link._TestTemplate):

    backend_config = None

    # 'C': inputs and parameters are C-contiguous; None: they are made non-contiguous.
    contiguous = None

    # Attribute names of the parameters under test, in the order of generate_params().
    param_names = ()

    def before_test(self, test_name):
        """Called first in each test, with the name of the test method."""

    def generate_params(self):
        """Returns a tuple of initializer arguments, one per name in ``param_names``."""
        raise NotImplementedError('generate_params is not implemented.')

    def generate_inputs(self):
        """Returns a tuple of NumPy input arrays."""
        raise NotImplementedError('generate_inputs is not implemented.')

    def create_link(self, initializers):
        """Returns the link under test, built from the given initializer arguments."""
        raise NotImplementedError('create_link is not implemented.')

    def forward(self, link, inputs, device):
        """Applies ``link`` to the input Variables; returns a tuple of output Variables."""
        out = link(*inputs)
        return out if isinstance(out, tuple) else (out,)

    def check_forward_outputs(self, outputs, expected_outputs):
        """Compares actual and expected outputs (tuples of arrays)."""
        raise NotImplementedError

    def _start(self, test_name, backend_config):
        self.backend_config = backend_config
        self.before_test(test_name)

    def _generate_params(self):
        inits = self.generate_params()
        if not isinstance(inits, (tuple, list)):
            raise TypeError('`generate_params` must return a tuple or a list.')
        for init in inits:
            _check_generated_initializer(init)
        return inits

    def _create_link(self, initializers, backend_config):
        link = self.create_link(initializers)
        if not isinstance(link, chainer.Link):
            raise TypeError('`create_link` must return a chainer.Link object.')
        link.to_device(backend_config.device)
        return link

    def _forward(self, link, inputs, backend_config):
        assert all(isinstance(x, chainer.Variable) for x in inputs)
        with backend_config:
            outputs = self.forward(link, inputs, backend_config.device)
        _check_variable_types(outputs, backend_config.device, 'forward', LinkTestError)
        return outputs

    def _run_link(self, inits, backend_config, forward_test=False):
        """Builds a link and runs it once (lazy parameters get initialized).

        As in v7, the forward test hands ``inits`` to :meth:`create_link` as they are and a
        tuple of input Variables to :meth:`forward`; the other tests hand the argument values
        and a list.

        Returns:
            tuple: ``(link, NumPy inputs, device inputs, device outputs)``.
        """
        link = self._create_link(
            inits if forward_test else [_argument_value(i) for i in inits], backend_config)
        inputs_np = self._generate_inputs()
        inputs = self._to_noncontiguous_as_needed(backend_config.get_array(inputs_np))
        variables = [chainer.Variable(x) for x in inputs]
        outputs = self._forward(link, tuple(variables) if forward_test else variables,
                                backend_config)
        return link, inputs_np, inputs, tuple(y.array for y in outputs)

    def _create_initialized_link(self, inits, backend_config):
        link, _, inputs, outputs = self._run_link(inits, backend_config)
        link.cleargrads()
        return link, inputs, outputs


@_bundle.template
class LinkTestCase(_LinkTestBase, unittest.TestCase):
    """Template of forward and backward tests of a link.

    A concrete class defines ``param_names`` and implements:

    * ``generate_params()``: a tuple of initializer arguments (or
      :class:`InitializerArgument`) for the parameters named in ``param_names``;
    * ``create_link(initializers)``: the link built with those arguments;
    * ``generate_inputs()``: a tuple of NumPy input arrays;
    * ``forward_expected(link, inputs)``: the expected outputs as a tuple of NumPy arrays,
      computed from the NumPy inputs and the parameters of ``link`` (moved to the CPU).

    Optionally it overrides ``forward(link, inputs, device)`` (by default ``link(*inputs)``),
    ``generate_grad_outputs(outputs_template)`` and ``before_test(test_name)``, and sets the
    attributes ``skip_forward_test``, ``skip_backward_test``, ``dodge_nondifferentiable``
    (redraw inputs near kinks), ``numerical_grad_dtype``, ``contiguous`` (``'C'`` or
    ``None``), ``check_forward_options`` (for :func:`chainer.testing.assert_allclose`) and
    ``check_backward_options`` (for :func:`chainer.gradient_check.check_backward`); the
    option dicts start empty and ``setUp`` may update them.

    Example::

        @testing.inject_backend_tests(None, [{}, {'use_cuda': True}])
        class TestScale(testing.LinkTestCase):

            param_names = ('W',)

            def generate_params(self):
                return numpy.random.uniform(-1, 1, (3,)).astype(numpy.float32),

            def create_link(self, initializers):
                return MyScale(3, initialW=initializers[0])

            def generate_inputs(self):
                return numpy.random.uniform(-1, 1, (2, 3)).astype(numpy.float32),

            def forward_expected(self, link, inputs):
                x, = inputs
                return x * link.W.array,
    """

    check_forward_options = None
    check_backward_options = None
    skip_forward_test = False
    skip_backward_test = False
    dodge_nondifferentiable = False
    numerical_grad_dtype = numpy.float64

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.check_forward_options = {}
        self.check_backward_options = {}

    def forward_expected(self, link, inputs):
        """Returns the expected outputs (a tuple of NumPy arrays)."""
        raise NotImplementedError('forward_expected() is not implemented.')

    def generate_grad_outputs(self, outputs_template):
        """Returns output gradients shaped like ``outputs_template`` (the outputs)."""
        return function_link._uniform_like(outputs_template)

    def check_forward_outputs(self, outputs, expected_outputs):
        """Compares actual and expected outputs (tuples of arrays)."""
        _check_arrays_equal(outputs, expected_outputs, LinkTestError,
                            **self.check_forward_options)

    def _generate_grad_outputs(self, outputs_template):
        grad_outputs = self.generate_grad_outputs(outputs_template)
        _check_array_types(grad_outputs, backend.CpuDevice(), 'generate_grad_outputs')
        return grad_outputs

    def test_forward(self, backend_config):
        """Checks the outputs of the link against :meth:`forward_expected`."""
        if self.skip_forward_test:
            raise unittest.SkipTest('skip_forward_test is set')
        self._start('test_forward', backend_config)

        link, inputs_np, _, outputs = self._run_link(
            self._generate_params(), backend_config, forward_test=True)
        link.to_device(backend.CpuDevice())
        expected = self.forward_expected(link, inputs_np)
        assert isinstance(expected, tuple), (
            '`forward_expected()` must return a tuple, not {}.'.format(type(expected)))
        self.check_forward_outputs(outputs, expected)

    def test_backward(self, backend_config):
        """Checks the gradients of the link (inputs and parameters) numerically."""
        if self.skip_backward_test:
            raise unittest.SkipTest('skip_backward_test is set')
        self._start('test_backward', backend_config)
        function_link._dodging_nondifferentiable(
            self.dodge_nondifferentiable, lambda: self._check_gradients(backend_config))

    def _check_gradients(self, backend_config):
        inits = self._generate_params()
        # A first run provides the inputs, output shapes and initialized parameter values
        # ...
        probe, inputs, outputs = self._create_initialized_link(inits, backend_config)
        params = self._to_noncontiguous_as_needed(
            [p.array for p in _params_of(probe, self.param_names)])
        grad_outputs = self._generate_grad_outputs(
            [backend.CpuDevice().send(y) for y in outputs])
        grad_outputs = self._to_noncontiguous_as_needed(backend_config.get_array(grad_outputs))

        # ... and a second link computes with those values as its parameters (its own
        # initializing run draws inputs that are not used, as in v7).
        target, _, _ = self._create_initialized_link(inits, backend_config)
        param_vars = [chainer.Parameter(p) for p in params]
        with target.init_scope():
            for name, var in zip(self.param_names, param_vars):
                setattr(target, name, var)

        def run(*xs):
            return self._forward(target, list(xs), backend_config)

        options = self._gradient_check_options(self.check_backward_options)
        with LinkTestError.raise_if_fail('backward is not implemented correctly'):
            gradient_check.check_backward(
                run, tuple(inputs), tuple(grad_outputs), params=param_vars, **options)


@_bundle.template
class LinkInitializersTestCase(_LinkTestBase, unittest.TestCase):
    """Template checking that a link fills its parameters as its initializer arguments say.

    Besides ``param_names``, ``generate_params()``, ``create_link(initializers)`` and
    ``generate_inputs()`` (as in :class:`LinkTestCase`), a concrete class implements
    ``get_initializers()``: one tuple per parameter of the initializer arguments to try for
    it (scalars, arrays, deterministic initializers, or :class:`InitializerArgument` for
    values such as ``None``).  While one parameter is tested the others use
    ``generate_params()``. ``check_initializers_options`` (an empty dict to update) holds
    the tolerances of the comparison.

    Example::

        @testing.inject_backend_tests(None, [{}])
        class TestScaleInitializers(testing.LinkInitializersTestCase):

            param_names = ('W',)

            def generate_params(self):
                return 1.,

            def create_link(self, initializers):
                return MyScale(3, initialW=initializers[0])

            def generate_inputs(self):
                return numpy.ones((2, 3), numpy.float32),

            def get_initializers(self):
                return (initializers.Constant(2.), 3.,
                        testing.InitializerArgument(None, 1.)),
    """

    check_initializers_options = None

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.check_initializers_options = {}

    def get_initializers(self):
        """Returns, for each parameter, a tuple of initializer arguments to try."""
        raise NotImplementedError('get_initializers is not implemented.')

    def _get_initializers(self):
        per_param = self.get_initializers()
        if not isinstance(per_param, (tuple, list)):
            raise TypeError('`get_initializers` must return a tuple or a list.')
        for candidates in per_param:
            if not isinstance(candidates, (tuple, list)):
                raise TypeError(
                    '`get_initializers` must return a tuple or a list of tuples or lists.')
            for init in candidates:
                _check_generated_initializer(init)
        return per_param

    def test_initializers(self, backend_config):
        """Checks every initializer argument of every parameter."""
        self._start('test_initializers', backend_config)
        for index, candidates in enumerate(self._get_initializers()):
            inits = list(self._generate_params())
            for init in candidates:
                inits[index] = init
                self._test_single_initializer(index, inits, backend_config)

    def _test_single_initializer(self, i_param, inits, backend_config):
        link, _, _ = self._create_initialized_link(inits, backend_config)
        actual = backend.CpuDevice().send(_params_of(link, self.param_names)[i_param].array)
        expected = numpy.empty_like(actual)
        _expected_initializer(inits[i_param])(expected)
        _check_arrays_equal((actual,), (expected,), LinkTestError,
                            **self.check_initializers_options)


for _public in (LinkTestError, InitializerArgument, LinkTestCase, LinkInitializersTestCase):
    # v7's documented path of the link templates.
    _public.__module__ = 'chainer.testing.function_link'
