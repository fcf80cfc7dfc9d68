"""Test case bases for links: ``LinkTestCase`` and ``LinkInitializersTestCase`` (v7 API).

Both are used together with :func:`chainer.testing.inject_backend_tests`, which turns each
``test_*(self, backend_config)`` method into one test per backend configuration.
"""
import unittest

import numpy

import chainer
from chainer import backend
from chainer import initializers
from chainer.initializer import _get_array_types
from chainer.testing import function_link


class LinkTestError(function_link._TestError):
    """Raised when the target link is implemented incorrectly."""


class InitializerArgument:
    """Pair of an initializer argument value and the initializer it stands for.

    Items of :meth:`LinkTestCase.generate_params` and
    :meth:`LinkInitializersTestCase.get_initializers` may be instances of this class when
    the value passed to the link constructor (``argument_value``, e.g. ``None``) differs
    from the initializer the link is expected to use (``expected_initializer``, e.g. the
    default :class:`~chainer.initializers.LeCunNormal` or a constant).

    Args:
        argument_value: Value given to the link constructor.
        expected_initializer: Initializer (or scalar/array) the parameter must be filled
            with.  It must be deterministic for :class:`LinkInitializersTestCase`.
    """

    def __init__(self, argument_value, expected_initializer):
        if expected_initializer is None:
            raise ValueError('Expected initialized cannot be None.')
        initializers._check_is_initializer_like(expected_initializer)
        self.argument_value = argument_value
        self.expected_initializer = expected_initializer


def _check_generated_initializer(init):
    if isinstance(init, InitializerArgument):
        init = init.expected_initializer
    elif init is None:
        raise ValueError(
            'A None initializer must be wrapped in a InitializerArgument '
            'along with the expected initializer fallen back to.')
    initializers._check_is_initializer_like(init)


def _get_initializer_argument_value(init):
    # The value passed to the link constructor.
    if isinstance(init, InitializerArgument):
        return init.argument_value
    return init


def _get_expected_initializer(init):
    # The initializer the parameter is expected to be filled with.
    if isinstance(init, InitializerArgument):
        init = init.expected_initializer
    return initializers._get_initializer(init)


def _get_link_params(link, param_names):
    params = []
    for name in param_names:
        param = getattr(link, name, None)
        if param is None:
            raise LinkTestError.fail(
                'Link does not have a parameter named \'{}\'.'.format(name))
        params.append(param)
    return params


def _as_noncontiguous_array(array):
    # A non-contiguous array with the same values on the same device.
    if array is None or array.ndim == 0 or array.size == 0:
        return array
    xp = backend.get_array_module(array)
    buf = xp.empty(array.shape + (2,), dtype=array.dtype)
    ret = buf[..., 0]
    ret[...] = array
    return ret


def _check_array_types(arrays, device, func_name):
    if not isinstance(arrays, tuple):
        raise TypeError(
            '`{}()` must return a tuple, not {}.'.format(func_name, type(arrays)))
    if not all(
            a is None or isinstance(a, device.supported_array_types) for a in arrays):
        raise TypeError(
            '{}() must return a tuple of arrays supported by device {} or None.\n'
            'Actual: {}'.format(func_name, device, tuple(type(a) for a in arrays)))


def _check_variable_types(vars, device, func_name, test_error_cls):
    assert issubclass(test_error_cls, AssertionError)
    if not isinstance(vars, tuple):
        test_error_cls.fail(
            '`{}()` must return a tuple, not {}.'.format(func_name, type(vars)))
    if not all(isinstance(a, chainer.Variable) for a in vars):
        test_error_cls.fail(
            '{}() must return a tuple of Variables.\n'
            'Actual: {}'.format(func_name, ', '.join(str(type(a)) for a in vars)))
    if not all(isinstance(a.array, device.supported_array_types) for a in vars):
        test_error_cls.fail(
            '{}() must return a tuple of Variables of arrays supported by device {}.\n'
            'Actual: {}'.format(
                func_name, device, ', '.join(str(type(a.array)) for a in vars)))


def _check_forward_output_arrays_equal(
        expected_arrays, actual_arrays, func_name, test_error_cls, **opts):
    # `opts` is passed through to `testing.assert_allclose`.
    from chainer import testing
    assert issubclass(test_error_cls, AssertionError)
    assert isinstance(expected_arrays, tuple)
    assert isinstance(actual_arrays, tuple)

    if len(expected_arrays) != len(actual_arrays):
        test_error_cls.fail(
            '{}(): number of outputs ({}) does not match the expected number '
            'of outputs ({}).\n'.format(
                func_name, len(actual_arrays), len(expected_arrays)))

    for i, (expected, actual) in enumerate(zip(expected_arrays, actual_arrays)):
        if expected.shape != actual.shape:
            test_error_cls.fail(
                '{}(): shape of the output ({}) does not match the expected '
                'shape ({}): output index {}.\n'.format(
                    func_name, actual.shape, expected.shape, i))
        if expected.dtype != actual.dtype:
            test_error_cls.fail(
                '{}(): dtype of the output ({}) does not match the expected '
                'dtype ({}): output index {}.\n'.format(
                    func_name, actual.dtype, expected.dtype, i))

    for i, (expected, actual) in enumerate(zip(expected_arrays, actual_arrays)):
        try:
            testing.assert_allclose(expected, actual, **opts)
        except AssertionError as e:
            test_error_cls.fail(
                '{}(): output index {} does not match the expected value.'.format(
                    func_name, i), e)


class _LinkTestBase:

    backend_config = None

    # 'C' for C-contiguous inputs/parameters; None to also test non-contiguous arrays.
    contiguous = None

    # Names of the parameters of the link checked by the test, in the order of the
    # initializers returned by `generate_params`, e.g. ('gamma', 'beta').
    param_names = ()

    def before_test(self, test_name):
        """Hook called at the beginning of each test (``test_name`` is the test method)."""
        pass

    def generate_params(self):
        """Returns a tuple of initializers (or initializer arguments) for the link."""
        raise NotImplementedError('generate_params is not implemented.')

    def generate_inputs(self):
        """Returns a tuple of NumPy input arrays."""
        raise NotImplementedError('generate_inputs is not implemented.')

    def create_link(self, initializers):
        """Returns the link to test, built with the given initializer arguments."""
        raise NotImplementedError('create_link is not implemented.')

    def forward(self, link, inputs, device):
        """Calls the link on ``inputs`` (Variables) and returns a tuple of output Variables."""
        outputs = link(*inputs)
        if not isinstance(outputs, tuple):
            outputs = outputs,
        return outputs

    def _generate_params(self):
        params_init = self.generate_params()
        if not isinstance(params_init, (tuple, list)):
            raise TypeError(
                '`generate_params` must return a tuple or a list.')
        for init in params_init:
            _check_generated_initializer(init)
        return params_init

    def _generate_inputs(self):
        inputs = self.generate_inputs()
        _check_array_types(inputs, backend.CpuDevice(), 'generate_inputs')
        return inputs

    def _create_link(self, initializers, backend_config):
        link = self.create_link(initializers)
        if not isinstance(link, chainer.Link):
            raise TypeError(
                '`create_link` must return a chainer.Link object.')
        link.to_device(backend_config.device)
        return link

    def _create_initialized_link(self, inits, backend_config):
        inits = [_get_initializer_argument_value(i) for i in inits]
        link = self._create_link(inits, backend_config)

        # Generate inputs and compute a forward pass to initialize the parameters.
        inputs_np = self._generate_inputs()
        inputs_xp = backend_config.get_array(inputs_np)
        inputs_xp = self._to_noncontiguous_as_needed(inputs_xp)
        input_vars = [chainer.Variable(i) for i in inputs_xp]
        output_vars = self._forward(link, input_vars, backend_config)
        outputs_xp = [v.array for v in output_vars]
        link.cleargrads()
        return link, inputs_xp, outputs_xp

    def _forward(self, link, inputs, backend_config):
        assert all(isinstance(x, chainer.Variable) for x in inputs)
        with backend_config:
            outputs = self.forward(link, inputs, backend_config.device)
        _check_variable_types(outputs, backend_config.device, 'forward', LinkTestError)
        return outputs

    def _to_noncontiguous_as_needed(self, contig_arrays):
        if self.contiguous is None:
            # non-contiguous
            return type(contig_arrays)(
                _as_noncontiguous_array(a) for a in contig_arrays)
        if self.contiguous == 'C':
            # C-contiguous
            return contig_arrays
        assert False, (
            'Invalid value of `contiguous`: {}'.format(self.contiguous))


class LinkTestCase(_LinkTestBase, unittest.TestCase):
    """A base class for link forward and backward test cases.

    Link test cases can inherit from this class to define a set of link tests for forward
    and backward computations.  Use it together with
    :func:`chainer.testing.inject_backend_tests`.

    .. rubric:: Required methods

    Each concrete class must at least override the following methods.

    ``generate_params(self)``
        Returns a tuple of initializers (or :class:`InitializerArgument`) of the
        parameters named in :attr:`param_names`.

    ``create_link(self, initializers)``
        Returns a link built with the given initializers.

    ``generate_inputs(self)``
        Returns a tuple of input arrays of type :class:`numpy.ndarray`.

    ``forward_expected(self, link, inputs)``
        Implements the expectation of the link forward computation.  ``inputs`` are NumPy
        arrays and the link is on the CPU.  Returns a tuple of :class:`numpy.ndarray`.

    .. rubric:: Optional methods

    ``forward(self, link, inputs, device)``
        Calls the link on the input Variables.  Returns a tuple of output Variables.  The
        default implementation calls ``link(*inputs)``.

    ``before_test(self, test_name)``
        A hook called before each test (``test_name`` is ``'test_forward'`` or
        ``'test_backward'``).

    .. rubric:: Attributes

    ``param_names`` (tuple of str), ``skip_forward_test`` (bool), ``skip_backward_test``
    (bool), ``dodge_nondifferentiable`` (bool), ``numerical_grad_dtype`` (dtype),
    ``contiguous`` (None or ``'C'``), ``check_forward_options`` and
    ``check_backward_options`` (dicts of options of
    :func:`chainer.testing.assert_allclose` and :func:`chainer.gradient_check.check_backward`).

    .. admonition:: Example

        .. code-block:: python

            @chainer.testing.inject_backend_tests(None, [{}, {'use_cuda': True}])
            class TestLinear(chainer.testing.LinkTestCase):

                param_names = ('W', 'b')

                def generate_params(self):
                    initialW = numpy.random.uniform(-1, 1, (3, 2)).astype(numpy.float32)
                    initial_bias = numpy.random.uniform(-1, 1, (3,)).astype(numpy.float32)
                    return initialW, initial_bias

                def generate_inputs(self):
                    x = numpy.random.uniform(-1, 1, (1, 2)).astype(numpy.float32)
                    return x,

                def create_link(self, initializers):
                    initialW, initial_bias = initializers
                    return chainer.links.Linear(
                        2, 3, initialW=initialW, initial_bias=initial_bias)

                def forward(self, link, inputs, device):
                    x, = inputs
                    return link(x),

                def forward_expected(self, link, inputs):
                    W = link.W.array
                    b = link.b.array
                    x, = inputs
                    return x.dot(W.T) + b,
    """

    # Skip forward tests
    skip_forward_test = False

    # Skip backward tests
    skip_backward_test = False

    # If True, non-differentiable points are avoided by re-drawing the inputs.
    dodge_nondifferentiable = False

    # Dtype of the numerical gradient computation.
    numerical_grad_dtype = numpy.float64

    def __init__(self, *args, **kwargs):
        self.check_forward_options = {}
        self.check_backward_options = {}
        super().__init__(*args, **kwargs)

    def forward_expected(self, link, inputs):
        """Returns the expected outputs (tuple of NumPy arrays) of the link."""
        raise NotImplementedError('forward_expected() is not implemented.')

    def check_forward_outputs(self, outputs, expected_outputs):
        """Compares the actual and expected outputs (tuples of arrays)."""
        assert isinstance(outputs, tuple)
        assert isinstance(expected_outputs, tuple)
        assert all(isinstance(a, _get_array_types()) for a in outputs)
        assert all(isinstance(a, _get_array_types()) for a in expected_outputs)
        _check_forward_output_arrays_equal(
            expected_outputs, outputs, 'forward', LinkTestError,
            **self.check_forward_options)

    def test_forward(self, backend_config):
        """Tests forward computation."""
        if self.skip_forward_test:
            raise unittest.SkipTest('skip_forward_test is set')

        self.backend_config = backend_config
        self.before_test('test_forward')

        inits = self._generate_params()
        inits = [_get_initializer_argument_value(i) for i in inits]
        link = self._create_link(inits, backend_config)

        inputs_np = self._generate_inputs()
        inputs_xp = backend_config.get_array(inputs_np)
        inputs_xp = self._to_noncontiguous_as_needed(inputs_xp)
        input_vars = tuple([chainer.Variable(i) for i in inputs_xp])
        # Compute forward of the link and initialize its parameters.
        output_vars = self._forward(link, input_vars, backend_config)
        outputs_xp = [v.array for v in output_vars]

        # Expected outputs are computed on the CPU so the link must be transferred.
        link.to_device(backend.CpuDevice())

        expected_outputs_np = self._forward_expected(link, inputs_np)

        self.check_forward_outputs(tuple(outputs_xp), expected_outputs_np)

    def test_backward(self, backend_config):
        """Tests backward computation."""
        if self.skip_backward_test:
            raise unittest.SkipTest('skip_backward_test is set')

        self.backend_config = backend_config
        self.before_test('test_backward')

        from chainer import gradient_check

        def do_check():
            # Generate an initialized temporary link that is already forward propagated.
            # It only provides the inputs, outputs and parameters for the check.
            inits = self._generate_params()
            link, inputs, outputs = self._create_initialized_link(inits, backend_config)

            # Extract the parameter ndarrays from the initialized link.
            params = _get_link_params(link, self.param_names)
            params = [p.array for p in params]

            # Prepare inputs, outputs and upstream gradients for the gradient check.
            cpu_device = backend.CpuDevice()
            outputs = [cpu_device.send(output) for output in outputs]
            grad_outputs = self._generate_grad_outputs(outputs)
            grad_outputs = backend_config.get_array(grad_outputs)

            inputs = self._to_noncontiguous_as_needed(inputs)
            params = self._to_noncontiguous_as_needed(params)
            grad_outputs = self._to_noncontiguous_as_needed(grad_outputs)

            # The link used for the actual forward propagation in the gradient check.
            forward_link, _, _ = self._create_initialized_link(inits, backend_config)
            param_vars = [chainer.Parameter(p) for p in params]
            with forward_link.init_scope():
                for param_name, p in zip(self.param_names, param_vars):
                    setattr(forward_link, param_name, p)

            def forward(*inputs):
                inputs = tuple(
                    x if isinstance(x, chainer.Variable) else chainer.Variable(x)
                    for x in inputs)
                return self._forward(forward_link, inputs, backend_config)

            with LinkTestError.raise_if_fail(
                    'backward is not implemented correctly'):
                gradient_check.check_backward(
                    forward, tuple(inputs), tuple(grad_outputs), params=param_vars,
                    dtype=self.numerical_grad_dtype,
                    detect_nondifferentiable=self.dodge_nondifferentiable,
                    **self.check_backward_options)

        if self.dodge_nondifferentiable:
            while True:
                try:
                    do_check()
                except gradient_check.NondifferentiableError:
                    continue
                else:
                    break
        else:
            do_check()

    def _forward_expected(self, link, inputs):
        assert all(isinstance(x, numpy.ndarray) for x in inputs)
        outputs = self.forward_expected(link, inputs)
        _check_array_types(outputs, backend.CpuDevice(), 'forward_expected')
        return outputs

    def _generate_grad_outputs(self, outputs_template):
        grad_outputs = tuple([
            numpy.random.uniform(-1, 1, a.shape).astype(a.dtype)
            for a in outputs_template])
        return grad_outputs


class LinkInitializersTestCase(_LinkTestBase, unittest.TestCase):
    """A base class for link parameter initializer test cases.

    Checks that every parameter named in :attr:`param_names` is filled as its initializer
    argument says.  Use it together with :func:`chainer.testing.inject_backend_tests`.

    .. rubric:: Required methods

    ``generate_params(self)``, ``create_link(self, initializers)`` and
    ``generate_inputs(self)`` as for :class:`LinkTestCase`, and

    ``get_initializers(self)``
        Returns a tuple with one item per parameter: a tuple of initializer arguments to
        try for that parameter (scalars, arrays, deterministic initializers, or
        :class:`InitializerArgument` for arguments such as ``None`` whose expected
        initializer differs).

    .. rubric:: Optional methods

    ``forward(self, link, inputs, device)`` and ``before_test(self, test_name)``.

    .. admonition:: Example

        .. code-block:: python

            @chainer.testing.inject_backend_tests(None, [{}, {'use_cuda': True}])
            class TestLinearInitializers(chainer.testing.LinkInitializersTestCase):

                param_names = ('W', 'b')

                def generate_params(self):
                    return 1., 1.

                def generate_inputs(self):
                    x = numpy.random.uniform(-1, 1, (1, 2)).astype(numpy.float32)
                    return x,

                def create_link(self, initializers):
                    initialW, initial_bias = initializers
                    return chainer.links.Linear(
                        2, 3, initialW=initialW, initial_bias=initial_bias)

                def get_initializers(self):
                    initialW = [initializers.Constant(1), 2]
                    initial_bias = [initializers.Constant(2), 3,
                                    chainer.testing.InitializerArgument(None, 0)]
                    return initialW, initial_bias
    """

    def get_initializers(self):
        """Returns, per parameter, a tuple of initializer arguments to test."""
        raise NotImplementedError('get_initializers is not implemented.')

    def test_initializers(self, backend_config):
        """Tests that the parameters of a links are correctly initialized."""
        self.backend_config = backend_config
        self.before_test('test_initializers')

        params_inits = self._get_initializers()

        for i_param, param_inits in enumerate(params_inits):
            # When testing an initializer for a particular parameter, other initializers
            # are picked from generate_params.
            inits = list(self._generate_params())
            for init in param_inits:
                inits[i_param] = init
                self._test_single_initializer(i_param, inits, backend_config)

    def _get_initializers(self):
        params_inits = self.get_initializers()
        if not isinstance(params_inits, (tuple, list)):
            raise TypeError(
                '`get_initializers` must return a tuple or a list.')
        for param_inits in params_inits:
            if not isinstance(param_inits, (tuple, list)):
                raise TypeError(
                    '`get_initializers` must return a tuple or a list of '
                    'tuples or lists.')
            for init in param_inits:
                _check_generated_initializer(init)
        return params_inits

    def _test_single_initializer(self, i_param, inits, backend_config):
        # Create and initialize a link with the given initializer arguments; `i_param` is
        # the index of the parameter under test.
        link, _, _ = self._create_initialized_link(inits, backend_config)

        params = _get_link_params(link, self.param_names)
        param = params[i_param]
        param_np = backend.CpuDevice().send(param.array)

        # The expected values of the parameter come from the (deterministic) initializer.
        expected_init = _get_expected_initializer(inits[i_param])
        expected_np = numpy.empty_like(param_np)
        expected_init(expected_np)

        with LinkTestError.raise_if_fail(
                'Parameter \'{}\' is not initialized as expected by {!r}'.format(
                    self.param_names[i_param], inits[i_param])):
            numpy.testing.assert_allclose(expected_np, param_np, atol=0, rtol=0)
