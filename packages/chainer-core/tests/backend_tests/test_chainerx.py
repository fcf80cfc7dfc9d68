"""The ChainerX backend of chainer.backend: ChainerxDevice, to_chx/from_chx, specifiers."""
import numpy
import pytest

import chainer
import chainerx
import chainerx.testing
from chainer import backend
from chainer.backends import _chainerx


def test_chainerx_is_available():
    assert chainerx.is_available()
    assert backend.ChainerxDevice is _chainerx.ChainerxDevice


@pytest.mark.parametrize('spec,name', [('native:0', 'native:0'), ('native', 'native:0'),
                                       ('native:1', 'native:1'), ('@chainerx', 'native:0')])
def test_get_device(spec, name):
    device = backend.get_device(spec)
    assert isinstance(device, backend.ChainerxDevice)
    assert device.device is chainerx.get_device(name)
    assert device.xp is chainerx
    assert device.name == name
    assert device.supported_array_types == (chainerx.ndarray,)
    assert repr(device) == '<ChainerxDevice {}>'.format(name)


def test_get_device_from_chainerx_device_and_errors():
    device = backend.get_device(chainerx.get_device('native:2'))
    assert device == backend.ChainerxDevice(chainerx.get_device('native:2'))
    assert hash(device) == hash(backend.get_device('native:2'))
    assert device != backend.get_device('native:0')
    assert device != backend.CpuDevice()
    with pytest.raises(chainerx.BackendError):
        backend.get_device('nobackend:0')
    with pytest.raises(ValueError):
        backend.get_device('@chainerx:native:0')


def test_using_device_sets_the_default_chainerx_device():
    with chainer.using_device('native:1'):
        assert chainerx.get_default_device().name == 'native:1'
    assert chainerx.get_default_device().name == 'native:0'
    original = chainerx.get_default_device()
    try:
        backend.get_device('native:2').use()
        assert chainerx.get_default_device().name == 'native:2'
    finally:
        chainerx.set_default_device(original)


def test_fallback_devices():
    device = backend.get_device('native:1')
    assert device.fallback_device == backend.CpuDevice()
    assert backend.ChainerxDevice.from_fallback_device(backend.CpuDevice()) == \
        backend.get_device('native:0')
    with pytest.raises(RuntimeError):
        backend.ChainerxDevice.from_fallback_device(object())


def test_array_module_and_device_of_chainerx_arrays():
    a = chainerx.ones((2,), device='native:1')
    assert backend.get_array_module(a) is chainerx
    assert backend.get_array_module(numpy.ones(1), a) is chainerx
    assert backend.get_device_from_array(a) == backend.get_device('native:1')
    assert backend.ChainerxDevice.from_array(a) == backend.get_device('native:1')
    assert backend.ChainerxDevice.from_array(numpy.ones(1)) is None
    assert chainer.get_array_types()[-1] is not None
    assert chainer.is_arrays_compatible([a, chainerx.zeros((1,))])


def test_send_numpy_shares_memory():
    device = backend.get_device('native:0')
    x = numpy.arange(4, dtype=numpy.float32)
    y = device.send(x)
    assert isinstance(y, chainerx.ndarray) and y.device.name == 'native:0'
    x[0] = 10
    assert float(y[0]) == 10
    assert device.send(y) is y
    z = backend.get_device('native:1').send(y)
    assert z.device.name == 'native:1'
    chainerx.testing.assert_array_equal(z, x)


def test_to_chx_and_from_chx():
    x = numpy.arange(3, dtype=numpy.float64)
    y = backend.to_chx(x)
    assert isinstance(y, chainerx.ndarray) and y.device.name == 'native:0'
    assert backend.to_chx(y) is y
    assert backend.to_chx(None) is None
    back = backend.from_chx(y)
    assert isinstance(back, numpy.ndarray)
    assert numpy.shares_memory(back, x)
    assert backend.from_chx(x) is x
    pair = backend.to_chx([x, None])
    assert isinstance(pair, list) and isinstance(pair[0], chainerx.ndarray) and pair[1] is None
    assert isinstance(backend.from_chx((y,)), tuple)


def test_to_chx_unsupported_dtype():
    with pytest.raises(TypeError, match='not supported in ChainerX'):
        backend.to_chx(numpy.ones(2, numpy.uint16))


def test_cpu_device_send_of_chainerx_array_is_a_view():
    y = chainerx.arange(3, dtype='float32')
    x = backend.CpuDevice().send(y)
    assert isinstance(x, numpy.ndarray)
    x[1] = 7
    assert float(y[1]) == 7


def test_copyto_chainerx():
    dst = chainerx.zeros((2, 2)).require_grad()
    backend.copyto(dst, numpy.ones((2, 2), numpy.float32))
    chainerx.testing.assert_array_equal(dst, numpy.ones((2, 2)))
    out = numpy.zeros((2, 2), numpy.float32)
    backend.copyto(out, chainerx.full((2, 2), 3, 'float32'))
    assert (out == 3).all()


@pytest.mark.gpu
def test_cuda_chainerx_device():
    import cupy
    device = backend.get_device('cuda:0')
    assert device.fallback_device == backend.GpuDevice.from_device_id(0)
    x = cupy.arange(3, dtype=cupy.float32)
    y = device.send(x)
    assert y.device.name == 'cuda:0'
    back = backend.from_chx(y)
    assert isinstance(back, cupy.ndarray)
    assert back.data.ptr == x.data.ptr
    host = backend.CpuDevice().send(y)
    assert isinstance(host, numpy.ndarray)


def test_backend_config_for_chainerx():
    from chainer import testing
    config = testing.BackendConfig({'use_chainerx': True, 'chainerx_device': 'native:1'})
    assert config.xp is chainerx
    assert config.device == backend.get_device('native:1')
    assert 'chainerx' in [m.__name__ for m in config.get_pytest_marks()]
    cuda = testing.BackendConfig({'use_chainerx': True, 'chainerx_device': 'cuda:0'})
    assert 'gpu' in [m.__name__ for m in cuda.get_pytest_marks()]
    with config:
        assert chainerx.get_default_device().name == 'native:1'
    assert chainerx.get_default_device().name == 'native:0'
    array = config.get_array(numpy.ones((2,), numpy.float32))
    assert isinstance(array, chainerx.ndarray) and array.device.name == 'native:1'
    var = config.get_array(chainer.Variable(numpy.ones((2,), numpy.float32)))
    assert isinstance(var.array, chainerx.ndarray)


def _square_twice(x):
    return x * x * 2


@chainer.testing.inject_backend_tests(
    None, [{}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestFunctionTestCaseOnChainerx(chainer.testing.FunctionTestCase):
    """A function test run with the ChainerX backend config as well as NumPy."""

    def generate_inputs(self):
        return numpy.random.uniform(-1, 1, (3, 2)).astype(numpy.float32),

    def forward(self, inputs, device):
        x, = inputs
        assert isinstance(x.array, device.supported_array_types)
        y = _square_twice(x)
        assert isinstance(y.array, device.supported_array_types)
        return y,

    def forward_expected(self, inputs):
        return _square_twice(inputs[0]),
