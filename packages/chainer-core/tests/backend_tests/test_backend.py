import warnings

import numpy
import pytest

import chainer
import chainerx
from chainer import backend
from chainer.backends import _cpu
from chainer.backends import cuda
from chainer.backends import intel64
from chainer import testing


# --------------------------------------------------------------------------------------------
# get_array_module


@pytest.mark.parametrize('args', [
    (),
    (numpy.zeros(3),),
    (numpy.zeros(3, numpy.float32), numpy.ones((2, 2))),
    (1.0, 2, None),
    (numpy.float32(1),),
    ([1, 2], 'text'),
])
def test_get_array_module_numpy(args):
    assert backend.get_array_module(*args) is numpy


def test_get_array_module_variable():
    v = chainer.Variable(numpy.zeros(3, numpy.float32))
    assert backend.get_array_module(v) is numpy
    assert backend.get_array_module(v, numpy.zeros(2)) is numpy
    assert backend.get_array_module(chainer.Variable()) is numpy
    assert backend.get_array_module(chainer.Parameter(numpy.zeros(2, 'f'))) is numpy


def test_get_array_module_object_with_array_attribute():
    class Fake:
        _array = 'not an array'

    assert backend.get_array_module(Fake()) is numpy


def test_chainer_get_array_module_alias():
    assert chainer.get_array_module is backend.get_array_module
    assert cuda.get_array_module(numpy.zeros(1)) is numpy


# --------------------------------------------------------------------------------------------
# CpuDevice


def test_cpu_device_attributes():
    device = backend.CpuDevice()
    assert device.name == '@numpy'
    assert device.xp is numpy
    assert device.supported_array_types == (numpy.ndarray,)
    assert repr(device) == '<CpuDevice (numpy)>'
    assert str(device) == '@numpy'  # as v7 prints it (e.g. "Device: @numpy")
    assert isinstance(device, backend.Device)
    assert backend.CpuDevice is _cpu.CpuDevice


def test_cpu_device_equality():
    a = backend.CpuDevice()
    b = backend.CpuDevice()
    assert a == b
    assert not a != b
    assert hash(a) == hash(b)
    assert a != intel64.Intel64Device.__new__(intel64.Intel64Device)
    assert a != '@numpy'
    assert len({a, b}) == 1


def test_cpu_device_send():
    device = backend.CpuDevice()
    x = numpy.arange(3, dtype=numpy.float32)
    assert device.send(x) is x
    sent = device.send([x, None, x])
    assert isinstance(sent, list)
    assert sent[0] is x and sent[1] is None and sent[2] is x
    sent = device.send((x,))
    assert isinstance(sent, tuple) and sent[0] is x
    y = device.send(numpy.float32(2.5))
    assert isinstance(y, numpy.ndarray) and y.shape == () and y.dtype == numpy.float32
    assert device.send(None) is None
    with pytest.raises(TypeError):
        device.send(object())


def test_cpu_device_is_array_supported():
    device = backend.CpuDevice()
    assert device.is_array_supported(numpy.zeros(2))
    assert not device.is_array_supported([1, 2])


def test_cpu_device_from_array():
    assert backend.CpuDevice.from_array(numpy.zeros(1)) == backend.CpuDevice()
    assert backend.CpuDevice.from_array(1.0) is None


def test_device_cannot_be_used_with_statement():
    with pytest.raises(RuntimeError, match='using_device'):
        with backend.CpuDevice():
            pass


def test_device_base_is_abstract():
    device = backend.Device()
    for name in ('xp', 'name', 'supported_array_types'):
        with pytest.raises(NotImplementedError):
            getattr(device, name)
    with pytest.raises(NotImplementedError):
        device.send_array(numpy.zeros(1))


# --------------------------------------------------------------------------------------------
# get_device / using_device


@pytest.mark.parametrize('spec', ['@numpy', -1, '-1', numpy.int64(-2)])
def test_get_device_cpu(spec):
    device = backend.get_device(spec)
    assert isinstance(device, backend.CpuDevice)
    assert device == backend.CpuDevice()


def test_get_device_returns_device_as_is():
    device = backend.CpuDevice()
    assert backend.get_device(device) is device
    assert chainer.get_device is backend.get_device


@pytest.mark.parametrize('spec', ['@numpy:0', '@cupy', '@cupy:x', '@intel64:0', '@foo', '@'])
def test_get_device_invalid_at_specifier(spec):
    with pytest.raises(ValueError, match='Device specifiers starting with'):
        backend.get_device(spec)


@pytest.mark.parametrize('spec', [1.5, None, True, object(), [0]])
def test_get_device_invalid_type(spec):
    with pytest.raises(TypeError, match='Device specifier must be'):
        backend.get_device(spec)


def test_using_device_cpu():
    with chainer.using_device('@numpy') as ctx:
        assert backend.get_array_module(numpy.zeros(1)) is numpy
    assert ctx is not None
    with backend.using_device(backend.CpuDevice()):
        pass
    backend.CpuDevice().use()


# --------------------------------------------------------------------------------------------
# get_device_from_array / copyto


@pytest.mark.parametrize('value', [
    numpy.zeros((2, 3), numpy.float32), numpy.float32(1), 1.0, None, 'text'])
def test_get_device_from_array_cpu(value):
    assert backend.get_device_from_array(value) == backend.CpuDevice()


def test_get_device_from_array_variable():
    v = chainer.Variable(numpy.zeros(2, numpy.float32))
    assert backend.get_device_from_array(v) == backend.CpuDevice()
    assert v.device == backend.CpuDevice()


def test_get_device_from_several_arrays():
    # as v7: the first array not on the CPU decides; none (or no array) gives the CPU
    cpu = backend.CpuDevice()
    assert backend.get_device_from_array() == cpu
    assert backend.get_device_from_array(1, numpy.zeros(2), None) == cpu
    chx = chainerx.array(numpy.zeros(2, numpy.float32))
    assert backend.get_device_from_array(numpy.zeros(2), chx) == backend.ChainerxDevice(
        chx.device)


def test_copyto_from_a_sequence():
    # as v7: a list or tuple of arrays or scalars is copied into a NumPy array
    dst = numpy.zeros(3, numpy.float32)
    backend.copyto(dst, [1, numpy.float32(2), numpy.array(3)])
    numpy.testing.assert_array_equal(dst, [1, 2, 3])
    backend.copyto(dst, (4, 5, 6))
    numpy.testing.assert_array_equal(dst, [4, 5, 6])


def test_copyto_numpy():
    dst = numpy.zeros((2, 3), numpy.float32)
    src = numpy.arange(6, dtype=numpy.float64).reshape(2, 3)
    backend.copyto(dst, src)
    numpy.testing.assert_array_equal(dst, src.astype(numpy.float32))
    backend.copyto(dst, numpy.float32(7))
    assert (dst == 7).all()


def test_copyto_errors():
    with pytest.raises(TypeError, match='cannot copy to non-array'):
        backend.copyto([0, 0], numpy.zeros(2))
    with pytest.raises(TypeError):
        backend.copyto(numpy.zeros(2), object())


def test_guess_device_from_array_module():
    assert backend._guess_device_from_array_module(numpy) == backend.CpuDevice()


# --------------------------------------------------------------------------------------------
# Intel64 (no iDeep)


def test_intel64_device_behaves_as_numpy(monkeypatch):
    monkeypatch.setattr(intel64, '_warned', False)
    with pytest.warns(RuntimeWarning, match='iDeep'):
        device = backend.get_device('@intel64')
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        other = backend.Intel64Device()  # warns only once
    assert isinstance(device, backend.Intel64Device)
    assert device == other
    assert device != backend.CpuDevice()
    assert device.name == '@intel64'
    assert device.xp is numpy
    assert repr(device) == '<Intel64Device>'
    x = numpy.ones(3, numpy.float32)
    assert device.send(x) is x
    assert device.is_array_supported(x)


def test_intel64_availability():
    assert not intel64.is_ideep_available()
    assert not intel64.should_use_ideep('>=auto')
    assert not intel64.should_use_ideep('==always')
    assert not intel64.inputs_all_ready((numpy.zeros((2, 2), 'f'),))
    with pytest.raises(RuntimeError, match='iDeep is not available'):
        intel64.check_ideep_available()
    with pytest.raises(RuntimeError, match='iDeep is not available'):
        intel64.mdarray()


def test_variable_to_intel64_needs_ideep():
    # as v7: without iDeep, Variable.to_intel64 raises as Link.to_intel64 does
    v = chainer.Variable(numpy.ones(2, numpy.float32))
    with pytest.raises(RuntimeError, match='iDeep is not available'):
        v.to_intel64()
    assert isinstance(v.array, numpy.ndarray)


# --------------------------------------------------------------------------------------------
# GPU


@testing.attr.gpu
def test_gpu_device():
    device = backend.get_device('@cupy:0')
    assert isinstance(device, backend.GpuDevice)
    assert device == backend.get_device(0) == backend.get_device('0')
    assert device != backend.CpuDevice()
    assert device.name == '@cupy:0'
    assert repr(device) == '<GpuDevice (cupy):0>'
    assert str(device) == '@cupy:0'
    assert device.xp is cuda.cupy
    x = numpy.arange(4, dtype=numpy.float32)
    y = device.send(x)
    assert isinstance(y, cuda.cupy.ndarray)
    assert device.send(y) is y
    assert backend.get_array_module(y) is cuda.cupy
    assert backend.get_array_module(x, y) is cuda.cupy
    assert backend.get_array_module(chainer.Variable(y)) is cuda.cupy
    assert backend.get_device_from_array(y) == device
    assert device.is_array_supported(y) and not device.is_array_supported(x)
    with chainer.using_device(device):
        z = cuda.cupy.zeros(2)
    assert z.device.id == 0
    numpy.testing.assert_array_equal(backend.CpuDevice().send(y), x)
    dst = numpy.zeros(4, numpy.float32)
    backend.copyto(dst, y)
    numpy.testing.assert_array_equal(dst, x)
    dst_gpu = cuda.cupy.zeros(4, numpy.float32)
    backend.copyto(dst_gpu, x)
    numpy.testing.assert_array_equal(dst_gpu.get(), x)
