"""chainer.testing.FunctionTestCase behaves as in Chainer v7."""
import sys
import unittest

import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import function_node
from chainer import testing
from chainer.testing import condition
from chainer.testing import function_link

_RECORD = []


@testing.inject_backend_tests(None, [{}])
class TestOptionDicts(testing.FunctionTestCase):

    def setUp(self):
        # v7 code updates the option dicts in place.
        self.check_forward_options.update({'atol': 1e-4})
        self.check_backward_options.update({'atol': 1e-3, 'rtol': 1e-3})
        self.check_double_backward_options.update({'atol': 1e-3, 'rtol': 1e-3})

    def before_test(self, test_name):
        assert self.test_name == test_name
        assert isinstance(self.backend_config, testing.BackendConfig)

    def generate_inputs(self):
        return numpy.random.uniform(0.5, 1, (2, 3)).astype(numpy.float32),

    def forward(self, inputs, device):
        x, = inputs
        assert isinstance(x, chainer.Variable)
        assert str(device) == '@numpy'
        return F.exp(x),

    def forward_expected(self, inputs):
        x, = inputs
        return numpy.exp(x),


def test_option_dicts_start_empty():
    case = TestOptionDicts.cases[0].klass('test_forward')
    assert case.check_forward_options == {}
    assert case.check_backward_options == {}
    assert case.check_double_backward_options == {}
    assert testing.FunctionTestCase.check_forward_options is None
    assert testing.FunctionTestCase.numerical_grad_dtype is numpy.float64
    assert testing.FunctionTestCase.contiguous is None
    assert not testing.FunctionTestCase.dodge_nondifferentiable


@testing.parameterize(*testing.product({'contiguous': [None, 'C']}))
@testing.inject_backend_tests(None, [{}])
class TestContiguity(testing.FunctionTestCase):

    def generate_inputs(self):
        return numpy.random.uniform(-1, 1, (2, 3)).astype(numpy.float32),

    def forward(self, inputs, device):
        x, = inputs
        if self.test_name == 'test_forward' or x.dtype == numpy.float32:
            # The inputs of the checked calls are arranged as ``contiguous`` says.
            assert x.array.flags.c_contiguous == (self.contiguous == 'C')
        return x * 3,

    def forward_expected(self, inputs):
        x, = inputs
        return x * 3,


@testing.inject_backend_tests(None, [{}])
class TestSkipFlags(testing.FunctionTestCase):

    skip_forward_test = True

    def setUp(self):
        self.skip_backward_test = True

    def before_test(self, test_name):
        # Set too late: the flags are read before before_test.
        self.skip_double_backward_test = True

    def generate_inputs(self):
        return numpy.ones((2,), numpy.float32),

    def forward(self, inputs, device):
        return inputs[0] * 2,

    def forward_expected(self, inputs):
        return inputs[0] * 2,


def _run(bundle, method):
    case = bundle.cases[0].klass(method)
    return condition.QuietTestRunner().run(unittest.TestSuite([case]))


def test_skip_flags_are_read_at_run_time():
    assert len(_run(TestSkipFlags, 'test_forward').skipped) == 1
    assert len(_run(TestSkipFlags, 'test_backward').skipped) == 1
    assert _run(TestSkipFlags, 'test_double_backward').wasSuccessful()


class _Exp(testing.FunctionTestCase):
    # The variants below, made wrong on purpose, are run by the tests of this module.
    __test__ = False

    def generate_inputs(self):
        return numpy.random.uniform(0.5, 1, (2, 3)).astype(numpy.float32),

    def forward(self, inputs, device):
        return F.exp(inputs[0]),

    def forward_expected(self, inputs):
        return numpy.exp(inputs[0]),


def _variant(**members):
    klass = type('_ExpVariant', (_Exp,), members)
    klass.__module__ = __name__
    bundle = testing.inject_backend_tests(None, [{}])(klass)
    for case in bundle.cases:
        del vars(sys.modules[__name__])[case.class_name]
    return bundle


@pytest.mark.parametrize('members,method,error', [
    ({}, 'test_forward', None),
    ({}, 'test_backward', None),
    ({}, 'test_double_backward', None),
    ({'forward': lambda self, inputs, device: F.exp(inputs[0])}, 'test_forward',
     'FunctionTestError: `forward()` must return a tuple, not '),
    ({'forward': lambda self, inputs, device: [F.exp(inputs[0])]}, 'test_backward',
     'FunctionTestError: backward is not implemented correctly'),
    ({'forward': lambda self, inputs, device: (F.exp(inputs[0]).array,)}, 'test_forward',
     'FunctionTestError: forward() must return a tuple of Variables.'),
    ({'forward_expected': lambda self, inputs: numpy.exp(inputs[0])}, 'test_forward',
     'TypeError: `forward_expected()` must return a tuple, not '),
    ({'forward_expected': lambda self, inputs: (numpy.float32(1),)}, 'test_forward',
     'TypeError: forward_expected() must return a tuple of arrays supported by device '
     '@numpy or None.'),
    ({'forward_expected': lambda self, inputs: (numpy.exp(inputs[0]).astype('d'),)},
     'test_forward', 'FunctionTestError: Shapes and/or dtypes do not match'),
    ({'forward_expected': lambda self, inputs: (numpy.exp(inputs[0]) + 1,)},
     'test_forward', 'FunctionTestError: Outputs do not match the expected values.'),
    ({'forward_expected': lambda self, inputs: (numpy.exp(inputs[0]),) * 2},
     'test_forward', 'FunctionTestError: Number of outputs (1, 2) does not match'),
    ({'forward_expected': lambda self, inputs: (numpy.exp(inputs[0], out=inputs[0]),)},
     'test_forward', 'FunctionTestError: Input arrays have been modified during forward.'),
    ({'generate_inputs': lambda self: [numpy.ones((2,), 'f')]}, 'test_forward',
     'TypeError: `generate_inputs()` must return a tuple, not '),
    ({'generate_inputs': lambda self: (1.0,)}, 'test_backward',
     'TypeError: generate_inputs() must return a tuple of arrays supported by device '
     '@numpy or None.'),
    ({'generate_grad_outputs': lambda self, t: [numpy.ones((2, 3), 'f')]}, 'test_backward',
     'TypeError: `generate_grad_outputs()` must return a tuple, not '),
    ({'generate_grad_outputs': lambda self, t: (numpy.ones((3,), 'f'),)}, 'test_backward',
     'ValueError: Shapes and/or dtypes of outputs and output gradients do not match.'),
    ({'generate_grad_grad_inputs': lambda self, t: [numpy.ones((2, 3), 'f')]},
     'test_double_backward',
     'TypeError: `generate_grad_grad_inputs()` must return a tuple, not '),
    ({'forward': lambda self, inputs, device: (F.exp(inputs[0]),) * 2},
     'test_double_backward',
     'ValueError: Output gradients must contain equally as many elements as the number of '
     'output elements.'),
    ({'contiguous': 'F'}, 'test_backward',
     'AssertionError: Invalid value of `contiguous`: F'),
    # check_backward hands the backward C-contiguous output gradients (contiguous = None)
    ({'forward': lambda self, inputs, device: _ContiguousGradOnly().apply(inputs),
      'forward_expected': lambda self, inputs: (inputs[0] * 2,)}, 'test_backward', None),
])
def test_function_test_case_outcomes(members, method, error):
    # The outcomes and messages of v7 for each mistake.
    text = _failure_text(_variant(**members), method)
    if error is None:
        assert text == ''
    else:
        name, message = error.split(': ', 1)
        assert name + ': ' in text and message in text, text


class _ContiguousGradOnly(function_node.FunctionNode):
    # y = 2 x, whose backward requires a C-contiguous output gradient

    def forward(self, inputs):
        return inputs[0] * 2,

    def backward(self, indexes, grad_outputs):
        assert grad_outputs[0].array.flags.c_contiguous
        return grad_outputs[0] * 2,


def _failure_text(bundle, method):
    result = _run(bundle, method)
    return ''.join(text for _, text in result.failures + result.errors)


class _WronglyDifferentiable(function_node.FunctionNode):
    """y = 2 x whose differentiable backward is wrong while its array-level one is right."""

    def forward(self, inputs):
        return inputs[0] * 2,

    def backward(self, indexes, grad_outputs):
        return grad_outputs[0] * 3,

    def _backward_arrays(self, indexes, grad_outputs):
        return grad_outputs[0] * 2,


def test_double_backward_compares_first_order_paths():
    x = numpy.random.uniform(-1, 1, (3,)).astype(numpy.float32)
    gy = numpy.random.uniform(-1, 1, (3,)).astype(numpy.float32)
    ggx = numpy.random.uniform(-1, 1, (3,)).astype(numpy.float32)

    def f(x):
        return _WronglyDifferentiable().apply((x,))[0]

    # The second-order check alone cannot see it (the wrong gradient is linear in gy) ...
    chainer.gradient_check.check_backward(f, x, gy, dtype=numpy.float64)
    # ... the comparison of the first-order values does.
    with pytest.raises(AssertionError, match='first-order gradient 0'):
        chainer.gradient_check.check_double_backward(f, x, gy, ggx, dtype=numpy.float64)
    bundle = _variant(forward=lambda self, inputs, device: (f(inputs[0]),),
                      forward_expected=lambda self, inputs: (inputs[0] * 2,))
    assert 'first-order gradient 0' in _failure_text(bundle, 'test_double_backward')


def test_dodge_nondifferentiable_redraws_inputs():
    draws = []

    def generate_inputs(self):
        draws.append(1)
        if len(draws) < 3:
            return numpy.array([0., 1.], numpy.float32),
        return numpy.array([0.5, 1.], numpy.float32),

    bundle = _variant(
        dodge_nondifferentiable=True, generate_inputs=generate_inputs,
        forward=lambda self, inputs, device: (F.absolute(inputs[0]),),
        forward_expected=lambda self, inputs: (numpy.abs(inputs[0]),))
    assert _failure_text(bundle, 'test_backward') == ''
    assert len(draws) == 3
    # the second-order check detects the kink of abs' gradient as well (as v7)
    del draws[:]
    assert _failure_text(bundle, 'test_double_backward') == ''
    assert len(draws) == 3


def test_integer_inputs_do_not_require_grad():
    # as v7, in every test (the forward test included)
    seen = []

    def forward(self, inputs, device):
        seen.append(tuple(x.requires_grad for x in inputs))
        x, n = inputs
        return F.exp(x) * n.array.astype(x.dtype),

    bundle = _variant(
        generate_inputs=lambda self: (numpy.ones((2,), numpy.float32),
                                      numpy.arange(2, dtype=numpy.int32)),
        forward=forward,
        forward_expected=lambda self, inputs: (
            (numpy.exp(inputs[0]) * inputs[1]).astype(numpy.float32),))
    for method in ('test_forward', 'test_backward', 'test_double_backward'):
        assert _failure_text(bundle, method) == ''
    assert set(seen) == {(True, False)}


def test_error_classes():
    assert issubclass(testing.FunctionTestError, AssertionError)
    assert testing.FunctionTestError.__module__ == 'chainer.testing.function_link'
    with pytest.raises(testing.FunctionTestError, match='boom'):
        testing.FunctionTestError.fail('boom')
    testing.FunctionTestError.check(True, 'unused')
    assert issubclass(testing.LinkTestError, function_link._TestError)
    assert function_link.LinkTestCase is testing.LinkTestCase
