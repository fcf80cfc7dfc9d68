import subprocess
import sys
import textwrap
import warnings

import numpy
import pytest

import chainer
from chainer.backends import cuda
from chainer import testing

# Prelude of the subprocess checks: CuPy cannot be imported, and each attempt is recorded.
_BLOCK_CUPY = '''
import importlib.abc, sys
attempts = []
class _Block(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split('.')[0] in ('cupy', 'cupyx', 'cupy_backends'):
            attempts.append(name)
            raise ImportError('blocked for the test: ' + name)
        return None
sys.meta_path.insert(0, _Block())
'''


def _run_without_cupy(code):
    script = _BLOCK_CUPY + textwrap.dedent(code) + '\nprint("OK")\n'
    proc = subprocess.run([sys.executable, '-c', script], capture_output=True, text=True,
                          timeout=300)
    assert proc.returncode == 0 and proc.stdout.strip().endswith('OK'), proc.stderr


def test_cupy_is_imported_lazily():
    _run_without_cupy('''
        import chainer
        import chainer.functions
        import chainer.backends.cuda
        import chainer.function_hooks
        import chainer.utils.conv
        import numpy
        x = chainer.Variable(numpy.ones(3, numpy.float32))
        y = chainer.functions.sum(x * x)
        y.backward()
        assert chainer.backend.get_array_module(x) is numpy
        assert chainer.backend.get_device_from_array(x.array) == chainer.backend.CpuDevice()
        assert chainer.get_device('@numpy').send(x.array) is x.array
        assert attempts == [], attempts
        assert 'cupy' not in sys.modules
        assert chainer.cuda is chainer.backends.cuda
        assert chainer.backends.cuda.available is False
        assert attempts, 'CuPy import was not attempted on first use'
        assert chainer.backends.cuda.cudnn_enabled is False
    ''')


def test_without_cupy_gpu_use_raises_clear_error():
    _run_without_cupy('''
        import numpy, pytest, chainer
        from chainer.backends import cuda
        from chainer import backend
        with pytest.raises(RuntimeError, match='CUDA environment is not correctly set up'):
            cuda.check_cuda_available()
        with pytest.raises(RuntimeError, match='pip install'):
            cuda.check_cuda_available()
        for spec in ('@cupy:0', 0, '1'):
            with pytest.raises(RuntimeError, match='CuPy'):
                backend.get_device(spec)
        with pytest.raises(RuntimeError, match='CuPy'):
            backend.GpuDevice.from_device_id(0)
        with pytest.raises(RuntimeError, match='CuPy'):
            cuda.to_gpu(numpy.zeros(2))
        with pytest.raises(RuntimeError, match='CuPy'):
            chainer.Variable(numpy.zeros(2, 'f')).to_gpu()
        with pytest.raises(RuntimeError, match='CuPy'):
            cuda.get_device_from_id(0)
        with pytest.raises(RuntimeError, match='CuPy'):
            cuda.cupy.zeros(3)
        with pytest.raises(RuntimeError, match='CuPy'):
            cuda.elementwise('T x', 'T y', 'y = x', 'copy_kernel')
        with pytest.raises(RuntimeError, match='CuPy'):
            cuda.copy(numpy.zeros(2))
        with pytest.raises(RuntimeError, match='CuPy'):
            chainer.utils.WalkerAlias([1, 2]).to_gpu()
        from chainer import function_hooks
        with pytest.raises(RuntimeError, match='CuPy'):
            function_hooks.CupyMemoryProfileHook()
        with pytest.raises(RuntimeError, match='CuPy'):
            function_hooks.CUDAProfileHook()
        import chainer.function_hooks.cupy_memory_profile as cmp
        with pytest.raises(RuntimeError, match='CuPy'):
            cmp.CupyMemoryCumulativeHook()
        assert numpy is not cuda.cupy
        assert not isinstance(numpy.zeros(1), cuda.ndarray)
        assert cuda.should_use_cudnn('>=auto') is False
        assert cuda.should_use_cudnn('==always') is False
        with cuda.Device(0):
            pass
        with pytest.warns(DeprecationWarning):
            with pytest.raises(RuntimeError, match='CuPy'):
                cuda.zeros((2, 3))

        calls = []

        @cuda.memoize()
        def f(x):
            calls.append(x)
            return x * 2

        assert f(3) == 6 and f(3) == 6
        assert calls == [3, 3]  # no memoization without CUDA
        cuda.clear_memo()
    ''')


def test_dummy_device():
    d = cuda.DummyDevice
    assert isinstance(d, cuda.DummyDeviceType)
    assert d.id == -1
    assert int(d) == -1
    with d as entered:
        assert entered is d
    d.use()
    d.synchronize()
    assert d == cuda.DummyDeviceType()
    assert d != 0
    assert cuda.get_device_from_id(None) is d
    assert cuda.get_device_from_array(numpy.zeros(2)) is d
    assert cuda.get_device_from_array() is d


def test_get_device_deprecated():
    with pytest.warns(DeprecationWarning):
        assert cuda.get_device(numpy.zeros(1)) is cuda.DummyDevice


def test_to_cpu_on_cpu_arrays():
    x = numpy.arange(3)
    assert cuda.to_cpu(x) is x
    assert cuda.to_cpu(None) is None
    y = cuda.to_cpu([x, None])
    assert isinstance(y, list) and y[0] is x and y[1] is None
    y = cuda.to_cpu((x, x))
    assert isinstance(y, tuple) and y[0] is x
    z = cuda.to_cpu(numpy.float64(1.5))
    assert isinstance(z, numpy.ndarray) and z == 1.5
    with pytest.raises(TypeError, match='numpy.ndarray'):
        cuda.to_cpu(object())


def test_max_workspace_size():
    old = cuda.get_max_workspace_size()
    try:
        cuda.set_max_workspace_size(1234)
        assert cuda.get_max_workspace_size() == 1234
    finally:
        cuda.set_max_workspace_size(old)


def test_fuse_calls_function_on_numpy():
    @cuda.fuse
    def f(x, y):
        return x * y + 1

    @cuda.fuse(kernel_name='g')
    def g(x):
        return x - 1

    x = numpy.arange(3.0)
    numpy.testing.assert_array_equal(f(x, x), x * x + 1)
    numpy.testing.assert_array_equal(g(x), x - 1)
    assert f.__name__ == 'f'


def test_should_use_cudnn_tensor_core_setting():
    with chainer.using_config('use_cudnn_tensor_core', 'never'):
        assert cuda.should_use_cudnn_tensor_core(numpy.float16) is False
    with chainer.using_config('use_cudnn_tensor_core', 'always'):
        assert cuda.should_use_cudnn_tensor_core(numpy.float16) is True
    with chainer.using_config('use_cudnn_tensor_core', 'bad'):
        with pytest.raises(ValueError, match='use_cudnn_tensor_core'):
            cuda.should_use_cudnn_tensor_core(numpy.float16)


def test_chainer_cuda_alias():
    assert chainer.cuda is cuda
    assert sys.modules['chainer.cuda'] is cuda
    with pytest.raises(AttributeError):
        cuda.no_such_attribute


# --------------------------------------------------------------------------------------------
# GPU


@testing.attr.gpu
def test_to_gpu_to_cpu_roundtrip():
    cupy = cuda.cupy
    x = numpy.arange(6, dtype=numpy.float32).reshape(2, 3)
    y = cuda.to_gpu(x)
    assert isinstance(y, cupy.ndarray)
    assert cuda.to_gpu(y) is y
    assert cuda.to_gpu(None) is None
    ys = cuda.to_gpu([x, None])
    assert isinstance(ys[0], cupy.ndarray) and ys[1] is None
    numpy.testing.assert_array_equal(cuda.to_cpu(y), x)
    assert cuda.get_device_from_array(y) == y.device
    assert cuda.get_device_from_id(0).id == 0
    assert cuda.get_array_module(y) is cupy
    z = cuda.copy(y)
    assert z is not y
    numpy.testing.assert_array_equal(z.get(), x)
    scalar = cuda.to_gpu(numpy.float32(2))
    assert scalar.shape == ()


@testing.attr.gpu
def test_kernels_and_memoize():
    cupy = cuda.cupy
    k1 = cuda.elementwise('T x, T y', 'T z', 'z = x + 2 * y', 'chainer_test_axpy')
    k2 = cuda.elementwise('T x, T y', 'T z', 'z = x + 2 * y', 'chainer_test_axpy')
    assert k1 is k2
    x = cupy.arange(4, dtype=numpy.float32)
    numpy.testing.assert_array_equal(k1(x, x).get(), numpy.arange(4) * 3)
    r = cuda.reduce('T x', 'T y', 'x', 'a + b', 'y = a', '0', 'chainer_test_sum')
    assert float(r(x)) == 6
    raw = cuda.raw('extern "C" __global__ void chainer_test_fill(float* x) '
                   '{ x[threadIdx.x] = 1.0f; }', 'chainer_test_fill')
    y = cupy.zeros(4, numpy.float32)
    raw((1,), (4,), (y,))
    assert float(y.sum()) == 4

    calls = []

    @cuda.memoize()
    def f(a):
        calls.append(a)
        return a

    f(1)
    f(1)
    assert calls == [1]
    cuda.clear_memo()
    f(1)
    assert calls == [1, 1]


@testing.attr.gpu
def test_fuse_on_cupy():
    @cuda.fuse()
    def f(x, y):
        return x * y + 1

    x = cuda.cupy.arange(3, dtype=numpy.float32)
    numpy.testing.assert_array_equal(cuda.to_cpu(f(x, x)), numpy.arange(3) ** 2 + 1)
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        assert cuda.available is True
