import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import gradient_check
from chainer import testing
from chainer.utils import type_check


@testing.parameterize(*testing.product({
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
    'margin': [0.2, 1.0],
    'reduce': ['mean', 'no'],
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestTriplet(testing.FunctionTestCase):

    def setUp(self):
        if self.dtype == numpy.float16:
            self.check_forward_options = {'atol': 5e-3, 'rtol': 5e-2}
            self.check_backward_options = {'atol': 5e-2, 'rtol': 5e-2}
            self.check_double_backward_options = {'atol': 5e-2, 'rtol': 5e-2}

    def generate_inputs(self):
        while True:
            a, p, n = (numpy.random.uniform(-1, 1, (5, 3)) for _ in range(3))
            dist = ((a - p) ** 2).sum(1) - ((a - n) ** 2).sum(1) + self.margin
            if (numpy.abs(dist) > 0.1).all() and (dist > 0).any() and (dist < 0).any():
                break
        return a.astype(self.dtype), p.astype(self.dtype), n.astype(self.dtype)

    def forward(self, inputs, device):
        a, p, n = inputs
        return F.triplet(a, p, n, self.margin, self.reduce),

    def forward_expected(self, inputs):
        a, p, n = (v.astype(numpy.float64) for v in inputs)
        dist = ((a - p) ** 2).sum(1) - ((a - n) ** 2).sum(1) + self.margin
        loss = numpy.maximum(dist, 0)
        if self.reduce == 'mean':
            loss = numpy.asarray(loss.mean())
        return loss.astype(self.dtype),


def test_invalid_margin_and_reduce():
    x = numpy.zeros((2, 3), numpy.float32)
    with pytest.raises(ValueError):
        F.triplet(x, x, x, margin=-1)
    with pytest.raises(ValueError):
        F.triplet(x, x, x, reduce='sum')


@pytest.mark.parametrize('a,p,n', [
    (numpy.zeros((2, 3), 'f'), numpy.zeros((2, 4), 'f'), numpy.zeros((2, 3), 'f')),
    (numpy.zeros((2, 3), 'f'), numpy.zeros((2, 3), 'd'), numpy.zeros((2, 3), 'f')),
    (numpy.zeros((2, 3), 'i'), numpy.zeros((2, 3), 'i'), numpy.zeros((2, 3), 'i')),
    (numpy.zeros((0, 3), 'f'), numpy.zeros((0, 3), 'f'), numpy.zeros((0, 3), 'f')),
])
def test_invalid_type(a, p, n):
    with pytest.raises(type_check.InvalidType):
        F.triplet(a, p, n)


def test_one_dimensional_input_is_an_axis_error():
    # as v7: NumPy's AxisError (a ValueError and an IndexError) from the sum along axis 1
    x = numpy.zeros(3, 'f')
    with pytest.raises(ValueError) as e:
        F.triplet(x, x, x)
    assert isinstance(e.value, IndexError)


def test_float16_distances_do_not_overflow():
    # The squared distances exceed float16's range; v7 sums them in a wider type.
    anchor = numpy.full((2, 4), 150, numpy.float16)
    positive = numpy.zeros((2, 4), numpy.float16)
    negative = numpy.full((2, 4), 0.25, numpy.float16)
    y = F.triplet(anchor, positive, negative, margin=0.5)
    assert y.dtype == numpy.float16
    expected = 4 * (150. ** 2 - 149.75 ** 2) + 0.5
    testing.assert_allclose(y.array, expected, rtol=0.2)  # (v7: 256.5)


@pytest.mark.parametrize('reduce', ['mean', 'no'])
def test_more_than_two_axes_sum_along_axis_1(reduce):
    # as v7: the squared distances are summed along axis 1 only; 'mean' divides by the batch
    rng = numpy.random.RandomState(0)
    a, p, n = (chainer.Variable(rng.uniform(-1, 1, (2, 3, 4)).astype(numpy.float32))
               for _ in range(3))
    y = F.triplet(a, p, n, margin=0.5, reduce=reduce)
    dist = (((a.array - p.array) ** 2).sum(1) - ((a.array - n.array) ** 2).sum(1) + 0.5)
    loss = numpy.maximum(dist, 0)
    expected = loss.sum() / 2 if reduce == 'mean' else loss
    numpy.testing.assert_allclose(y.array, expected, rtol=1e-5)
    assert y.creator.label == 'Triplet'
    gradient_check.check_backward(
        lambda *xs: F.triplet(*xs, margin=0.5, reduce=reduce), (a.array, p.array, n.array),
        numpy.ones(y.shape, numpy.float32), dtype=numpy.float64, atol=1e-3, rtol=1e-3)
