import numpy
import pytest

import chainer
import chainerx
from chainer import backend
from chainer import functions
from chainer import testing


@testing.parameterize(*testing.product({
    'shape': [(3, 2), ()],
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
    'dst': [-1, '@numpy'],
}))
@testing.inject_backend_tests(None, [{}])
class TestCopyToCPU(testing.FunctionTestCase):

    def setUp(self):
        if self.dtype == numpy.float16:
            self.check_backward_options = {'dtype': numpy.float64}
            self.check_double_backward_options = {'dtype': numpy.float64}

    def generate_inputs(self):
        return numpy.random.uniform(-1, 1, self.shape).astype(self.dtype),

    def forward(self, inputs, device):
        x, = inputs
        y = functions.copy(x, self.dst)
        assert isinstance(y.array, numpy.ndarray)
        return y,

    def forward_expected(self, inputs):
        x, = inputs
        return x.copy(),


@testing.parameterize(*testing.product({
    'shape': [(3, 2), ()],
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
    'dst': ['native:1', 'native:0'],
}))
@testing.inject_backend_tests(None, [{'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestCopyBetweenChainerxDevices(testing.FunctionTestCase):

    def setUp(self):
        if self.dtype == numpy.float16:
            self.check_backward_options = {'dtype': numpy.float64}
            self.check_double_backward_options = {'dtype': numpy.float64}

    def generate_inputs(self):
        return numpy.random.uniform(-1, 1, self.shape).astype(self.dtype),

    def forward(self, inputs, device):
        x, = inputs
        y = functions.copy(x, self.dst)
        assert isinstance(y.array, chainerx.ndarray)
        assert y.array.device.name == self.dst
        return functions.copy(y, device),

    def forward_expected(self, inputs):
        x, = inputs
        return x.copy(),


@pytest.mark.parametrize('src, dst', [('native:0', '@numpy'), (None, 'native:0')])
def test_copy_between_chainerx_and_other_devices_raises(src, dst):
    x = numpy.zeros(3, numpy.float32)
    if src is not None:
        x = chainerx.array(x, device=src)
    with pytest.raises(RuntimeError, match='ChainerX'):
        functions.copy(x, dst)


def test_copy_backward_returns_grad_on_input_device():
    x = chainer.Variable(numpy.arange(6, dtype=numpy.float32).reshape(2, 3))
    y = functions.copy(x, -1)
    numpy.testing.assert_array_equal(y.array, x.array)
    y.grad = numpy.full((2, 3), 3, numpy.float32)
    y.backward()
    assert isinstance(x.grad, numpy.ndarray)
    numpy.testing.assert_array_equal(x.grad, numpy.full((2, 3), 3))


def test_copy_to_cpu_device_object():
    x = numpy.arange(3, dtype=numpy.float32)
    y = functions.copy(x, backend.CpuDevice())
    numpy.testing.assert_array_equal(y.array, x)


@pytest.mark.gpu
@pytest.mark.parametrize('dst', [0, '@cupy:0'])
def test_copy_cpu_to_gpu_and_back(dst):
    from chainer.backends import cuda
    x = chainer.Variable(numpy.arange(6, dtype=numpy.float32).reshape(2, 3))
    y = functions.copy(x, dst)
    assert isinstance(y.array, cuda.cupy.ndarray)
    numpy.testing.assert_array_equal(cuda.to_cpu(y.array), x.array)
    y.grad = cuda.cupy.ones((2, 3), numpy.float32)
    y.backward()
    assert isinstance(x.grad, numpy.ndarray)
    numpy.testing.assert_array_equal(x.grad, numpy.ones((2, 3)))
