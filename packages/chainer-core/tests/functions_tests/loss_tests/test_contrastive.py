import numpy
import pytest

import chainer.functions as F
from chainer import testing
from chainer.utils import type_check


def _ref(x0, x1, y, margin, reduce):
    d = numpy.sqrt(((x0.astype(numpy.float64) - x1) ** 2).sum(axis=1))
    loss = 0.5 * (y * d ** 2 + (1 - y) * numpy.maximum(margin - d, 0) ** 2)
    if reduce == 'mean':
        return numpy.asarray(loss.mean())
    return loss


@testing.parameterize(*testing.product({
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
    'margin': [1.0, 2.0],
    'reduce': ['mean', 'no'],
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestContrastive(testing.FunctionTestCase):

    def setUp(self):
        if self.dtype == numpy.float16:
            self.check_forward_options = {'atol': 5e-3, 'rtol': 5e-2}
            self.check_backward_options = {'atol': 5e-2, 'rtol': 5e-2}
            self.check_double_backward_options = {'atol': 5e-2, 'rtol': 5e-2}
        else:
            self.check_backward_options = {'atol': 1e-4, 'rtol': 1e-3}
            self.check_double_backward_options = {'atol': 1e-4, 'rtol': 1e-3}

    def generate_inputs(self):
        while True:
            x0 = numpy.random.uniform(-1, 1, (5, 3))
            x1 = numpy.random.uniform(-1, 1, (5, 3))
            d = numpy.sqrt(((x0 - x1) ** 2).sum(axis=1))
            # keep the distances away from the margin (kink of the hinge)
            if (numpy.abs(d - self.margin) > 0.1).all():
                break
        y = numpy.array([0, 1, 0, 1, 0], numpy.int32)
        return x0.astype(self.dtype), x1.astype(self.dtype), y

    def forward(self, inputs, device):
        x0, x1, y = inputs
        return F.contrastive(x0, x1, y, self.margin, self.reduce),

    def forward_expected(self, inputs):
        x0, x1, y = inputs
        return _ref(x0, x1, y, self.margin, self.reduce).astype(self.dtype),


def test_zero_distance_has_finite_gradient():
    import chainer
    x0 = chainer.Variable(numpy.ones((2, 3), numpy.float32))
    x1 = numpy.ones((2, 3), numpy.float32)
    F.contrastive(x0, x1, numpy.array([0, 1], numpy.int32)).backward()
    assert numpy.isfinite(x0.grad).all()


def test_invalid_margin_and_reduce():
    x = numpy.zeros((2, 3), numpy.float32)
    y = numpy.zeros(2, numpy.int32)
    with pytest.raises(ValueError):
        F.contrastive(x, x, y, margin=0)
    with pytest.raises(ValueError):
        F.contrastive(x, x, y, reduce='sum')


@pytest.mark.parametrize('x0,x1,y', [
    (numpy.zeros((2, 3), 'f'), numpy.zeros((2, 4), 'f'), numpy.zeros(2, 'i')),
    (numpy.zeros((2, 3), 'f'), numpy.zeros((2, 3), 'f'), numpy.zeros(3, 'i')),
    (numpy.zeros((2, 3), 'f'), numpy.zeros((2, 3), 'f'), numpy.zeros(2, 'f')),
    (numpy.zeros((2, 3), 'f'), numpy.zeros((2, 3), 'd'), numpy.zeros(2, 'i')),
    (numpy.zeros((0, 3), 'f'), numpy.zeros((0, 3), 'f'), numpy.zeros(0, 'i')),
    (numpy.zeros((2, 3, 1), 'f'), numpy.zeros((2, 3, 1), 'f'), numpy.zeros(2, 'i')),
])
def test_invalid_type(x0, x1, y):
    with pytest.raises(type_check.InvalidType):
        F.contrastive(x0, x1, y)
