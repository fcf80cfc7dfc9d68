import numpy

import chainer
from chainer import functions as F
from chainer import testing


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
    assert y.creator.label == 'identity'
    ys = F.identity(x, x)
    assert isinstance(ys, tuple) and len(ys) == 2
