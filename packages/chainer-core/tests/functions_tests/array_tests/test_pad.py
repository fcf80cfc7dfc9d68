import numpy
import pytest

import chainer
from chainer import functions
from chainer import testing
from chainer.utils import type_check


@testing.parameterize(*testing.product_dict(
    [
        {'shape': (2, 3), 'pad_width': 1, 'mode': 'constant'},
        {'shape': (2, 3), 'pad_width': (1, 2), 'mode': 'constant'},
        {'shape': (2, 3), 'pad_width': ((1, 0), (0, 2)), 'mode': 'constant'},
        {'shape': (2, 3), 'pad_width': ((2, 1),), 'mode': 'constant'},
        {'shape': (2, 3), 'pad_width': (1,), 'mode': 'constant'},
        {'shape': (2, 3, 2), 'pad_width': ((0, 1), (1, 1), (2, 0)),
         'mode': 'constant', 'keywords': {'constant_values': 3.5}},
        {'shape': (3,), 'pad_width': ((2, 1),), 'mode': 'constant',
         'keywords': {'constant_values': (-1, 2)}},
        {'shape': (2, 3), 'pad_width': 2, 'mode': 'edge'},
        {'shape': (3, 3), 'pad_width': ((2, 1), (1, 2)), 'mode': 'reflect'},
        {'shape': (2, 3), 'pad_width': ((1, 2), (2, 0)), 'mode': 'symmetric'},
        {'shape': (2, 3), 'pad_width': ((3, 1), (0, 4)), 'mode': 'wrap'},
        {'shape': (0, 2), 'pad_width': ((0, 0), (1, 1)), 'mode': 'constant'},
    ],
    testing.product({
        'dtype': [numpy.float16, numpy.float32, numpy.float64]}),
))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestPad(testing.FunctionTestCase):

    def setUp(self):
        if not hasattr(self, 'keywords'):
            self.keywords = {}
        if self.dtype == numpy.float16:
            self.check_backward_options = {
                'dtype': numpy.float64, 'atol': 5e-3, 'rtol': 5e-3}
            self.check_double_backward_options = {
                'dtype': numpy.float64, 'atol': 5e-3, 'rtol': 5e-3}

    def generate_inputs(self):
        return numpy.random.uniform(-1, 1, self.shape).astype(self.dtype),

    def forward(self, inputs, device):
        x, = inputs
        return functions.pad(x, self.pad_width, self.mode, **self.keywords),

    def forward_expected(self, inputs):
        x, = inputs
        return numpy.pad(x, self.pad_width, self.mode, **self.keywords),


def test_pad_gradient_of_edge_mode():
    x = chainer.Variable(numpy.array([1., 2., 3.], numpy.float32))
    y = functions.pad(x, (2, 1), 'edge')
    numpy.testing.assert_array_equal(y.array, [1, 1, 1, 2, 3, 3])
    y.grad = numpy.arange(1, 7, dtype=numpy.float32)
    y.backward()
    numpy.testing.assert_array_equal(x.grad, [1 + 2 + 3, 4, 5 + 6])


def test_pad_requires_float():
    with pytest.raises(type_check.InvalidType):
        functions.pad(numpy.zeros((2, 3), numpy.int32), 1, 'constant')
