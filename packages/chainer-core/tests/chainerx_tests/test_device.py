"""Devices, backends and contexts."""
import threading

import pytest

import chainerx


def test_get_device_forms():
    d = chainerx.get_device('native:0')
    assert d.name == 'native:0' and d.index == 0
    assert d.backend.name == 'native'
    assert d.context is chainerx.get_default_context()
    assert chainerx.get_device('native', 0) is d
    assert chainerx.get_device('native') is d
    assert chainerx.get_device(d) is d
    assert chainerx.get_device('native', None) is d
    assert chainerx.get_device('native:1').index == 1
    assert d.backend.context is d.context


def test_get_device_errors():
    with pytest.raises(chainerx.BackendError):
        chainerx.get_device('unknown:0')
    with pytest.raises(IndexError):
        chainerx.get_device('native:99')
    with pytest.raises(IndexError):
        chainerx.get_device('native', -1)
    with pytest.raises(chainerx.DeviceError):
        chainerx.get_device('native:x')
    with pytest.raises(TypeError):
        chainerx.get_device(1.5)


def test_backend():
    backend = chainerx.get_backend('native')
    assert backend.name == 'native'
    assert backend.get_device_count() >= 2
    assert backend.get_device(1) is chainerx.get_device('native:1')
    assert chainerx.get_default_context().get_backend('native') is backend
    with pytest.raises(chainerx.BackendError):
        chainerx.get_backend('nonexistent')


def test_synchronize_native():
    chainerx.get_device('native:0').synchronize()


def test_default_device_and_scopes():
    assert chainerx.get_default_device().name == 'native:0'
    with chainerx.using_device('native:1') as scope:
        assert scope.device.name == 'native:1'
        assert chainerx.get_default_device().name == 'native:1'
        assert chainerx.zeros((1,)).device.name == 'native:1'
        with chainerx.using_device('native', 2):
            assert chainerx.get_default_device().name == 'native:2'
        assert chainerx.get_default_device().name == 'native:1'
    assert chainerx.get_default_device().name == 'native:0'


def test_set_default_device():
    original = chainerx.get_default_device()
    try:
        chainerx.set_default_device('native:3')
        assert chainerx.get_default_device().name == 'native:3'
        chainerx.set_default_device(chainerx.get_device('native:1'))
        assert chainerx.get_default_device().name == 'native:1'
    finally:
        chainerx.set_default_device(original)


def test_default_device_is_thread_local():
    seen = []
    with chainerx.using_device('native:1'):
        thread = threading.Thread(target=lambda: seen.append(chainerx.get_default_device()))
        thread.start()
        thread.join()
    assert seen[0].name == 'native:0'


def test_contexts():
    ctx = chainerx.Context()
    assert ctx is not chainerx.get_global_default_context()
    device = ctx.get_device('native:0')
    assert device is not chainerx.get_device('native:0')
    assert device.context is ctx
    with chainerx.context_scope(ctx):
        assert chainerx.get_default_context() is ctx
        assert chainerx.get_default_device() is device
        a = chainerx.ones((2,))
        assert a.device is device
    assert chainerx.get_default_context() is chainerx.get_global_default_context()
    b = chainerx.ones((2,))
    with pytest.raises(chainerx.DeviceError):
        a + b
    with pytest.raises(chainerx.ContextError):
        a.to_device(b.device)


def test_set_default_context():
    ctx = chainerx.Context()
    original = chainerx.get_default_context()
    try:
        chainerx.set_default_context(ctx)
        assert chainerx.get_default_context() is ctx
        assert chainerx.get_default_device().context is ctx
    finally:
        chainerx.set_default_context(original)
    assert chainerx.get_default_device().context is original


def test_global_default_context():
    original = chainerx.get_global_default_context()
    ctx = chainerx.Context()
    try:
        chainerx.set_global_default_context(ctx)
        assert chainerx.get_global_default_context() is ctx
    finally:
        chainerx.set_global_default_context(original)
    with pytest.raises(TypeError):
        chainerx.set_global_default_context('native')


@pytest.mark.gpu
def test_cuda_device():
    device = chainerx.get_device('cuda:0')
    assert device.backend.name == 'cuda'
    a = chainerx.arange(6, dtype='float32', device=device).require_grad()
    (a * a).sum().backward()
    chainerx.testing.assert_allclose(a.grad, 2 * chainerx.to_numpy(a))
    b = a.to_device('native:0')
    assert b.device.name == 'native:0'
    device.synchronize()


def test_cuda_backend_without_cupy():
    try:
        import cupy  # noqa: F401
    except ImportError:
        pass
    else:
        pytest.skip('CuPy is installed: the cuda backend is tested by test_cuda_device')
    with pytest.raises(chainerx.BackendError):
        chainerx.get_device('cuda:0')
