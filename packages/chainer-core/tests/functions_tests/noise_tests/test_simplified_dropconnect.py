import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import testing
from chainer.utils import type_check


@testing.parameterize(*testing.product({
    'x_shape': [(3, 4), (3, 2, 2)],
    'use_batchwise_mask': [True, False],
    'nobias': [True, False],
    'ratio': [0., .5],
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
}))
@testing.inject_backend_tests(None, [{}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestSimplifiedDropconnect(testing.FunctionTestCase):

    def setUp(self):
        n = self.x_shape[0]
        w_shape = (5, 4)
        mask_shape = (n,) + w_shape if self.use_batchwise_mask else w_shape
        self.mask = numpy.random.rand(*mask_shape) >= self.ratio
        if self.dtype == numpy.float16:
            self.check_forward_options = {'atol': 1e-2, 'rtol': 1e-2}
            self.check_backward_options = {'dtype': numpy.float64, 'atol': 5e-2,
                                           'rtol': 5e-2}
            self.check_double_backward_options = self.check_backward_options

    def generate_inputs(self):
        x = numpy.random.uniform(-1, 1, self.x_shape).astype(self.dtype)
        W = numpy.random.uniform(-1, 1, (5, 4)).astype(self.dtype)
        if self.nobias:
            return x, W
        return x, W, numpy.random.uniform(-1, 1, 5).astype(self.dtype)

    def forward(self, inputs, device):
        return F.simplified_dropconnect(*inputs[:2], b=inputs[2] if len(inputs) == 3 else None,
                                        ratio=self.ratio, mask=self.mask,
                                        use_batchwise_mask=self.use_batchwise_mask),

    def forward_expected(self, inputs):
        x, W = [a.astype(numpy.float64) for a in inputs[:2]]
        x = x.reshape(len(x), -1)
        Wm = W * self.mask / (1 - self.ratio)
        if self.use_batchwise_mask:
            y = numpy.einsum('ijk,ik->ij', Wm, x)
        else:
            y = x @ Wm.T
        if len(inputs) == 3:
            y = y + inputs[2]
        return y.astype(self.dtype),


def test_random_mask():
    x = numpy.random.uniform(-1, 1, (4, 3)).astype(numpy.float32)
    W = numpy.random.uniform(-1, 1, (2, 3)).astype(numpy.float32)
    numpy.random.seed(0)
    y = F.simplified_dropconnect(x, W, ratio=.3)
    numpy.random.seed(0)
    mask = numpy.random.rand(4, 2, 3) >= .3
    expected = numpy.einsum('ijk,ik->ij', W * mask / .7, x)
    numpy.testing.assert_allclose(y.array, expected, rtol=1e-5, atol=1e-6)


def test_not_train_is_linear():
    x = numpy.random.uniform(-1, 1, (4, 3)).astype(numpy.float32)
    W = numpy.random.uniform(-1, 1, (2, 3)).astype(numpy.float32)
    b = numpy.random.uniform(-1, 1, 2).astype(numpy.float32)
    y = F.simplified_dropconnect(x, W, b, ratio=.9, train=False)
    numpy.testing.assert_allclose(y.array, x @ W.T + b, rtol=1e-5, atol=1e-6)


def test_invalid_type():
    x = numpy.zeros((4, 3), numpy.float32)
    with pytest.raises(type_check.InvalidType):
        F.simplified_dropconnect(x, numpy.zeros((2, 4), numpy.float32))
    with pytest.raises(type_check.InvalidType):
        F.simplified_dropconnect(x, numpy.zeros((2, 3), numpy.float32),
                                 numpy.zeros(3, numpy.float32))
    with pytest.raises(type_check.InvalidType):
        F.simplified_dropconnect(x, numpy.zeros((2, 3), numpy.float32),
                                 mask=numpy.ones((3, 2, 3), bool))
    with pytest.raises(type_check.InvalidType):
        F.simplified_dropconnect(x, numpy.zeros((2, 3), numpy.float32),
                                 mask=numpy.ones((4, 2, 3), bool), use_batchwise_mask=False)
    with pytest.raises(type_check.InvalidType):
        F.simplified_dropconnect(numpy.zeros(4, numpy.float32),
                                 numpy.zeros((2, 4), numpy.float32))


@pytest.mark.parametrize('x_dtype,W_dtype', [(numpy.float16, numpy.float32),
                                             (numpy.float32, numpy.float16)])
@pytest.mark.parametrize('use_batchwise_mask', [True, False])
def test_weight_of_another_float_dtype(x_dtype, W_dtype, use_batchwise_mask):
    # as v7: W may be of another float dtype; the output is in x's, each gradient in its
    # input's
    x = chainer.Variable(numpy.random.uniform(-1, 1, (4, 3)).astype(x_dtype))
    W = chainer.Variable(numpy.random.uniform(-1, 1, (2, 3)).astype(W_dtype))
    shape = (4, 2, 3) if use_batchwise_mask else (2, 3)
    mask = numpy.random.rand(*shape) >= .5
    y = F.simplified_dropconnect(x, W, ratio=.5, mask=mask,
                                 use_batchwise_mask=use_batchwise_mask)
    assert y.dtype == x_dtype
    Wm = W.array.astype(numpy.float64) * mask / .5
    x64 = x.array.astype(numpy.float64)
    expected = (numpy.einsum('ijk,ik->ij', Wm, x64) if use_batchwise_mask else x64 @ Wm.T)
    numpy.testing.assert_allclose(y.array, expected, rtol=1e-2, atol=1e-2)
    y.grad = numpy.ones(y.shape, x_dtype)
    y.backward()
    assert x.grad.dtype == x_dtype and W.grad.dtype == W_dtype
    gx = Wm.sum(axis=1) if use_batchwise_mask else numpy.ones((4, 2)) @ Wm
    numpy.testing.assert_allclose(x.grad, gx, rtol=1e-2, atol=1e-2)


def test_bias_of_another_dtype_is_invalid():
    x = numpy.zeros((4, 3), numpy.float32)
    with pytest.raises(type_check.InvalidType, match='Expect: b.dtype == x.dtype'):
        F.simplified_dropconnect(x, numpy.zeros((2, 3), numpy.float16),
                                 numpy.zeros(2, numpy.float64))
