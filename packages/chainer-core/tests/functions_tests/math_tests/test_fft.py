import numpy
import pytest

import chainer
from chainer import functions as F
from chainer import testing
from chainer.utils import type_check


@testing.parameterize(*testing.product({
    'method': ['fft', 'ifft'],
    'shape': [(4,), (2, 3), (2, 1, 5)],
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestFFT(testing.FunctionTestCase):

    def setUp(self):
        if self.dtype == numpy.float16:
            self.check_forward_options = {'atol': 1e-2, 'rtol': 1e-2}
            self.check_backward_options = {'atol': 5e-2, 'rtol': 5e-2}
            self.check_double_backward_options = {'atol': 5e-2, 'rtol': 5e-2}
        else:
            self.check_forward_options = {'atol': 1e-5, 'rtol': 1e-5}
            self.check_backward_options = {'atol': 1e-3, 'rtol': 1e-3}
            self.check_double_backward_options = {'atol': 1e-3, 'rtol': 1e-3}

    def generate_inputs(self):
        real = numpy.random.uniform(-1, 1, self.shape).astype(self.dtype)
        imag = numpy.random.uniform(-1, 1, self.shape).astype(self.dtype)
        return real, imag

    def forward(self, inputs, device):
        return getattr(F, self.method)(inputs)

    def forward_expected(self, inputs):
        real, imag = [x.astype(numpy.float64) for x in inputs]
        y = getattr(numpy.fft, self.method)(real + 1j * imag)
        return y.real.astype(self.dtype), y.imag.astype(self.dtype)


def test_fft_roundtrip_and_single_output_gradient():
    real = chainer.Variable(numpy.random.uniform(-1, 1, (2, 4)))
    imag = chainer.Variable(numpy.random.uniform(-1, 1, (2, 4)))
    yr, yi = F.fft((real, imag))
    assert yr.creator.label == 'FFT'
    zr, zi = F.ifft((yr, yi))
    testing.assert_allclose(zr.array, real.array)
    testing.assert_allclose(zi.array, imag.array)
    # only the real part is used: d sum(Re fft(x)) / d real = n * Re ifft(1) ...
    F.sum(yr).backward()
    expected = numpy.fft.ifft(numpy.ones((2, 4))) * 4
    testing.assert_allclose(real.grad, expected.real)
    testing.assert_allclose(imag.grad, expected.imag)


@pytest.mark.parametrize('real,imag', [
    (numpy.ones(3, numpy.float32), numpy.ones(4, numpy.float32)),
    (numpy.ones(3, numpy.float32), numpy.ones(3, numpy.float64)),
    (numpy.ones(3, numpy.int32), numpy.ones(3, numpy.int32)),
    (numpy.ones((), numpy.float32), numpy.ones((), numpy.float32)),
])
def test_fft_invalid(real, imag):
    with pytest.raises(type_check.InvalidType):
        F.fft((real, imag))
