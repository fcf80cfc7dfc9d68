"""Tests of chainer.testing.LinkTestCase / LinkInitializersTestCase (testing/_link_tests.py)."""
import unittest

import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import initializers
from chainer import testing
from chainer.testing import _link_tests


class Dense(chainer.Link):
    def __init__(self, in_size, out_size, initialW=None, initial_bias=None, bug=False):
        super().__init__()
        self.bug = bug
        with self.init_scope():
            self.W = chainer.Parameter(initializers._get_initializer(initialW),
                                       (out_size, in_size))
            if initial_bias is None:
                initial_bias = 0
            self.b = chainer.Parameter(initializers._get_initializer(initial_bias),
                                       (out_size,))

    def forward(self, x):
        y = F.matmul(x, self.W, transb=True)
        if self.bug:
            return y      # forgets the bias
        return y + F.broadcast_to(self.b, y.shape)


class _DenseTestMixin:
    param_names = ('W', 'b')
    bug = False

    def setUp(self):
        self.check_backward_options = {'atol': 1e-3, 'rtol': 1e-3}
        self.check_forward_options = {'atol': 1e-5, 'rtol': 1e-4}

    def generate_params(self):
        W = numpy.random.uniform(-1, 1, (3, 2)).astype(numpy.float32)
        b = numpy.random.uniform(-1, 1, (3,)).astype(numpy.float32)
        return W, b

    def generate_inputs(self):
        return numpy.random.uniform(-1, 1, (4, 2)).astype(numpy.float32),

    def create_link(self, initializers):
        W, b = initializers
        return Dense(2, 3, initialW=W, initial_bias=b, bug=self.bug)

    def forward_expected(self, link, inputs):
        x, = inputs
        return (x.dot(link.W.array.T) + link.b.array).astype(numpy.float32),


@testing.parameterize(*testing.product({'contiguous': [None, 'C']}))
@testing.inject_backend_tests(None, [{}])
class TestDenseLink(_DenseTestMixin, testing.LinkTestCase):
    pass


@testing.inject_backend_tests(None, [{}])
class TestDenseInitializers(_DenseTestMixin, testing.LinkInitializersTestCase):

    def get_initializers(self):
        return (
            (initializers.Constant(2.), 3, numpy.full((3, 2), 4., numpy.float32)),
            (initializers.One(), 5.,
             _link_tests.InitializerArgument(None, initializers.Zero())),
        )


def _backend_config():
    return testing.BackendConfig({})


def test_forward_error_detected():
    class Buggy(_DenseTestMixin, _link_tests.LinkTestCase):
        bug = True

        def runTest(self):
            pass

    case = Buggy()
    case.setUp()
    with pytest.raises(_link_tests.LinkTestError):
        case.test_forward(_backend_config())


# The backward check compares derivatives along one random direction; the missing W
# gradient goes unnoticed when that direction is nearly orthogonal to it (~0.4% of draws),
# so the detection test is seeded.
@testing.fix_random()
def test_backward_error_detected():
    class WrongGrad(_DenseTestMixin, _link_tests.LinkTestCase):
        def create_link(self, initializers):
            link = super().create_link(initializers)

            def forward(x):
                # y = x W^T + b with the gradient to W cut off
                y = F.matmul(x, link.W.array, transb=True)
                return y + F.broadcast_to(link.b, y.shape)
            link.forward = forward
            return link

        def runTest(self):
            pass

    case = WrongGrad()
    case.setUp()
    case.test_forward(_backend_config())       # the forward values are right
    with pytest.raises(_link_tests.LinkTestError):
        case.test_backward(_backend_config())


def test_initializer_error_detected():
    class Ignores(_DenseTestMixin, _link_tests.LinkInitializersTestCase):
        def create_link(self, initializers):
            return Dense(2, 3, initialW=initializers[0], initial_bias=7.)

        def get_initializers(self):
            return ((1.,), (2.,))

        def runTest(self):
            pass

    case = Ignores()
    case.setUp()
    with pytest.raises(_link_tests.LinkTestError):
        case.test_initializers(_backend_config())


def test_skip_flags():
    class Skip(_DenseTestMixin, _link_tests.LinkTestCase):
        skip_forward_test = True
        skip_backward_test = True

        def runTest(self):
            pass

    case = Skip()
    with pytest.raises(unittest.SkipTest):
        case.test_forward(_backend_config())
    with pytest.raises(unittest.SkipTest):
        case.test_backward(_backend_config())


def test_none_initializer_must_be_wrapped():
    with pytest.raises(ValueError):
        _link_tests._check_generated_initializer(None)
    with pytest.raises(TypeError):
        _link_tests._check_generated_initializer(object())
    _link_tests._check_generated_initializer(
        _link_tests.InitializerArgument(None, initializers.Zero()))
    with pytest.raises(ValueError):
        _link_tests.InitializerArgument(None, None)


def test_generate_params_type_checked():
    class BadParams(_DenseTestMixin, _link_tests.LinkTestCase):
        def generate_params(self):
            return 1

        def runTest(self):
            pass

    with pytest.raises(TypeError):
        BadParams().test_forward(_backend_config())


def test_create_link_type_checked():
    class NotLink(_DenseTestMixin, _link_tests.LinkTestCase):
        def create_link(self, initializers):
            return lambda x: x

        def runTest(self):
            pass

    with pytest.raises(TypeError):
        NotLink().test_forward(_backend_config())


def test_option_dicts_start_empty_and_are_updated_in_place():
    class Case(_DenseTestMixin, testing.LinkTestCase):
        def setUp(self):
            self.check_backward_options.update({'atol': 1e-3, 'rtol': 1e-3})

        def runTest(self):
            pass

    case = Case()
    assert case.check_forward_options == {} and case.check_backward_options == {}
    case.setUp()
    case.test_backward(_backend_config())
    assert testing.LinkTestCase.check_forward_options is None
    initializers_case = TestDenseInitializers.cases[0].klass('test_initializers')
    assert initializers_case.check_initializers_options == {}


def test_v7_messages():
    class WrongDtype(_DenseTestMixin, testing.LinkTestCase):
        def forward_expected(self, link, inputs):
            return super().forward_expected(link, inputs)[0].astype(numpy.float64),

        def runTest(self):
            pass

    with pytest.raises(testing.LinkTestError, match='Shapes and/or dtypes do not match'):
        WrongDtype().test_forward(_backend_config())

    class ListGradOutputs(_DenseTestMixin, testing.LinkTestCase):
        def generate_grad_outputs(self, outputs_template):
            return [numpy.ones_like(y) for y in outputs_template]

        def runTest(self):
            pass

    with pytest.raises(TypeError, match='must return a tuple'):
        ListGradOutputs().test_backward(_backend_config())
    assert testing.LinkTestError.__module__ == 'chainer.testing.function_link'
    assert testing.LinkTestCase.__module__ == 'chainer.testing.function_link'


def test_hook_argument_types_as_v7():
    # v7's forward test hands generate_params()'s values to create_link as they are (an
    # InitializerArgument included) and a tuple of Variables to forward; the backward test
    # hands the argument values, lists of Variables to forward and a list of arrays to
    # generate_grad_outputs.
    seen = []

    class Recording(_DenseTestMixin, _link_tests.LinkTestCase):
        def runTest(self):
            pass

        def generate_params(self):
            W, b = super().generate_params()
            return W, _link_tests.InitializerArgument(None, 0)

        def create_link(self, initializers):
            seen.append(('create_link', type(initializers), type(initializers[1])))
            return Dense(2, 3, initialW=initializers[0])

        def forward(self, link, inputs, device):
            seen.append(('forward', type(inputs)))
            return link(*inputs),

        def generate_grad_outputs(self, outputs_template):
            seen.append(('generate_grad_outputs', type(outputs_template)))
            return tuple(numpy.ones_like(y) for y in outputs_template)

    case = Recording()
    case.setUp()
    case.test_forward(_backend_config())
    assert seen == [('create_link', tuple, _link_tests.InitializerArgument),
                    ('forward', tuple)]
    del seen[:]
    case.test_backward(_backend_config())
    assert seen[:3] == [('create_link', list, type(None)), ('forward', list),
                        ('generate_grad_outputs', list)]
    assert all(entry[1] is list for entry in seen if entry[0] == 'forward')


def test_backward_checks_the_inputs_of_the_first_run():
    # As v7, test_backward builds two links, each run once on freshly generated inputs; the
    # gradients are checked at the inputs of the first run (the second draw goes unused).
    draws = []
    checked = []

    class Recording(_DenseTestMixin, _link_tests.LinkTestCase):
        def runTest(self):
            pass

        def generate_inputs(self):
            draws.append(numpy.full((4, 2), len(draws) + 1, numpy.float32))
            return draws[-1],

        def forward(self, link, inputs, device):
            checked.append(float(inputs[0].array[0, 0]))
            return link(*inputs),

    case = Recording()
    case.setUp()
    case.test_backward(_backend_config())
    assert len(draws) == 2
    assert checked[:2] == [1., 2.] and {round(v) for v in checked[2:]} == {1}
