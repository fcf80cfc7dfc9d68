import numpy
import pytest

import chainer
from chainer import functions
from chainer import testing
from chainer.utils import type_check


@testing.parameterize(*testing.product_dict(
    [
        {'slices': (0, slice(0, 1), slice(1, 2)), 'b_shape': (1, 1)},
        {'slices': slice(1, 3), 'b_shape': (2, 2, 3)},
        {'slices': 1, 'b_shape': (2, 3)},
        {'slices': numpy.array([1, 0, 1]), 'b_shape': (3, 2, 3)},
        {'slices': [1, 0, 1], 'b_shape': (3, 2, 3)},
        {'slices': (Ellipsis, numpy.array([2, 2])), 'b_shape': (4, 2, 2)},
        {'slices': (slice(None), numpy.array([[0, 1], [1, 1]]), 0),
         'b_shape': (4, 2, 2)},
        {'slices': (None, 1), 'b_shape': (1, 2, 3)},
        {'slices': (numpy.array([True, False, True, False]),),
         'b_shape': (2, 2, 3)},
        {'slices': numpy.array([], numpy.int32), 'b_shape': (0, 2, 3)},
    ],
    testing.product({
        'dtype': [numpy.float16, numpy.float32, numpy.float64]}),
))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestScatterAdd(testing.FunctionTestCase):

    def setUp(self):
        if self.dtype == numpy.float16:
            self.check_backward_options = {
                'dtype': numpy.float64, 'atol': 5e-3, 'rtol': 5e-3}
            self.check_double_backward_options = {
                'dtype': numpy.float64, 'atol': 5e-3, 'rtol': 5e-3}

    def generate_inputs(self):
        a = numpy.random.uniform(-1, 1, (4, 2, 3)).astype(self.dtype)
        b = numpy.random.uniform(-1, 1, self.b_shape).astype(self.dtype)
        return a, b

    def forward(self, inputs, device):
        a, b = inputs
        return functions.scatter_add(a, self.slices, b),

    def forward_expected(self, inputs):
        a, b = inputs
        y = a.copy()
        slices = self.slices
        if isinstance(slices, list):
            slices = numpy.array(slices, dtype=numpy.intp)
        numpy.add.at(y, slices, b)
        return y,


def test_scatter_add_does_not_modify_input():
    a = numpy.zeros((3,), numpy.float32)
    y = functions.scatter_add(a, [0, 0, 2], numpy.ones(3, numpy.float32))
    numpy.testing.assert_array_equal(y.array, [2, 0, 1])
    numpy.testing.assert_array_equal(a, [0, 0, 0])


def test_scatter_add_no_broadcast():
    a = numpy.zeros((3, 2), numpy.float32)
    with pytest.raises(ValueError):
        functions.scatter_add(a, 0, numpy.ones((1,), numpy.float32))


def test_scatter_add_invalid_type():
    a = numpy.zeros((3,), numpy.float32)
    with pytest.raises(type_check.InvalidType):
        functions.scatter_add(a, (0, 0), numpy.ones((), numpy.float32))


def test_scatter_add_two_ellipses_in_debug_mode():
    a = numpy.zeros((3, 2), numpy.float32)
    with chainer.using_config('debug', True):
        with pytest.raises(ValueError):
            functions.scatter_add(a, (Ellipsis, Ellipsis),
                                  numpy.ones((3, 2), numpy.float32))


@pytest.mark.parametrize('b_dtype', [numpy.float64, numpy.float16, numpy.int32])
def test_scatter_add_b_of_another_dtype_is_added_in_a_dtype(b_dtype):
    # as v7: b is not required to share a's dtype; its gradient comes back in b's dtype
    a = chainer.Variable(numpy.zeros((3, 2), numpy.float32))
    b = numpy.array([1, 2], b_dtype)
    y = functions.scatter_add(a, ([0, 0], [1, 1]), b)
    assert y.dtype == numpy.float32
    numpy.testing.assert_array_equal(y.array, [[0, 3], [0, 0], [0, 0]])
    if b_dtype == numpy.int32:
        return
    b = chainer.Variable(b)
    y = functions.scatter_add(a, ([0, 0], [1, 1]), b)
    gy = numpy.arange(6, dtype=numpy.float32).reshape(3, 2)
    y.grad = gy
    y.backward()
    assert b.grad.dtype == b_dtype
    numpy.testing.assert_array_equal(b.grad, [1, 1])
    numpy.testing.assert_array_equal(a.grad, gy)
