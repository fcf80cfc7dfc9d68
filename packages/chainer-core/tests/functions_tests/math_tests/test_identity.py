import numpy
import pytest

import chainer
from chainer import functions as F
from chainer import testing
from chainer.functions.math import identity
from chainer.testing._fast_backward import check_fast_backward


@testing.parameterize(*testing.product({
    'n_inputs': [1, 3],
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestIdentity(testing.FunctionTestCase):

    def generate_inputs(self):
        return tuple(numpy.random.uniform(-1, 1, (3, 2)).astype(self.dtype)
                     for _ in range(self.n_inputs))

    def forward(self, inputs, device):
        out = F.identity(*inputs)
        return out if isinstance(out, tuple) else (out,)

    def forward_expected(self, inputs):
        return tuple(x.copy() for x in inputs)


def test_identity_returns_single_or_tuple():
    x = chainer.Variable(numpy.ones(2, numpy.float32))
    y = F.identity(x)
    assert isinstance(y, chainer.Variable)
    assert y is not x
    assert y.creator.label == 'Identity'
    ys = F.identity(x, x)
    assert isinstance(ys, tuple) and len(ys) == 2


def _uniform(shape, dtype, low=-1, high=1, seed=0):
    return numpy.random.RandomState(seed).uniform(low, high, shape).astype(dtype)


_FAST_DTYPES = [numpy.float16, numpy.float32, numpy.float64]


@pytest.mark.parametrize('dtype', _FAST_DTYPES)
def test_fast_backward_one(dtype):
    x = _uniform((3, 2), dtype)
    gy = _uniform((3, 2), dtype, seed=1)
    check_fast_backward(identity.Identity, F.identity, [x], [gy])


@pytest.mark.parametrize('dtype', _FAST_DTYPES)
@pytest.mark.parametrize('with_none', [False, True])
def test_fast_backward_many(dtype, with_none):
    xs = [_uniform((3, 2), dtype), _uniform((), dtype, seed=1), _uniform((4,), dtype, seed=2)]
    gys = [_uniform((3, 2), dtype, seed=3), None if with_none else _uniform((), dtype, seed=4),
           _uniform((4,), dtype, seed=5)]
    check_fast_backward(identity.Identity, F.identity, xs, gys)
