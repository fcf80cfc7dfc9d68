import numpy
import pytest

import chainer.functions as F
from chainer import testing
from chainer.testing._tolerances import set_default_tolerances
from chainer.functions.array import broadcast
from chainer.testing._fast_backward import check_fast_backward
from chainer.utils import type_check

_DTYPES = [numpy.float16, numpy.float32, numpy.float64]


@testing.parameterize(*testing.product({
    'shapes': [((2, 3), (2, 3)), ((3, 1), (2, 3, 4)), ((), (2,))],
    'dtype': _DTYPES,
}))
@testing.inject_backend_tests(None, [{}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestBroadcastTo(testing.FunctionTestCase):

    def setUp(self):
        set_default_tolerances(self)

    def generate_inputs(self):
        return numpy.random.uniform(-1, 1, self.shapes[0]).astype(self.dtype),

    def forward(self, inputs, device):
        return F.broadcast_to(inputs[0], self.shapes[1]),

    def forward_expected(self, inputs):
        return numpy.broadcast_to(inputs[0], self.shapes[1]).copy(),


def test_broadcast_to_invalid():
    with pytest.raises(type_check.InvalidType):
        F.broadcast_to(numpy.zeros((2, 3), 'f'), (3, 3))
    with pytest.raises(type_check.InvalidType):
        F.broadcast_to(numpy.zeros((2, 3), 'f'), (3,))


@testing.parameterize(*testing.product({'dtype': _DTYPES}))
@testing.inject_backend_tests(None, [{}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestBroadcast(testing.FunctionTestCase):

    def setUp(self):
        set_default_tolerances(self)

    def generate_inputs(self):
        return (numpy.random.uniform(-1, 1, (3, 1)).astype(self.dtype),
                numpy.random.uniform(-1, 1, (1, 4)).astype(self.dtype))

    def forward(self, inputs, device):
        return F.broadcast(*inputs)

    def forward_expected(self, inputs):
        return tuple(a.copy() for a in numpy.broadcast_arrays(*inputs))


def _uniform(shape, dtype, seed=0):
    return numpy.random.RandomState(seed).uniform(-1, 1, shape).astype(dtype)


@pytest.mark.parametrize('shapes', [((3, 1), (2, 3, 4)), ((), (2,)), ((4,), (3, 4))])
@pytest.mark.parametrize('dtype', _DTYPES)
def test_fast_backward_of_broadcast_to(shapes, dtype):
    x = _uniform(shapes[0], dtype)
    gy = _uniform(shapes[1], dtype, seed=1)
    check_fast_backward(broadcast.BroadcastTo, lambda v: F.broadcast_to(v, shapes[1]),
                        [x], [gy])


@pytest.mark.parametrize('with_none', [False, True])
@pytest.mark.parametrize('dtype', _DTYPES)
def test_fast_backward_of_broadcast(with_none, dtype):
    xs = [_uniform((3, 1), dtype), _uniform((1, 4), dtype, seed=1), _uniform((), dtype, 2)]
    gys = [_uniform((3, 4), dtype, seed=3), None if with_none else _uniform((3, 4), dtype, 4),
           _uniform((3, 4), dtype, seed=5)]
    check_fast_backward(broadcast.Broadcast, F.broadcast, xs, gys)
