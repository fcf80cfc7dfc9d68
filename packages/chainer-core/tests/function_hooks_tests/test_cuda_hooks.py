import io

import numpy

import chainer
import chainer.functions as F
from chainer.backends import cuda
from chainer import function_hooks
from chainer import testing


def test_cuda_hook_classes():
    assert function_hooks.CudaProfileHook is function_hooks.CUDAProfileHook
    assert function_hooks.CUDAProfileHook.name == 'CUDAProfileHook'
    assert function_hooks.CupyMemoryProfileHook.name == 'CupyMemoryProfileHook'


@testing.attr.gpu
def test_cupy_memory_profile_hook():
    hook = function_hooks.CupyMemoryProfileHook()
    x = chainer.Variable(cuda.to_gpu(numpy.ones((100, 100), numpy.float32)))
    with hook:
        y = F.sum(x * x)
        y.backward()
    assert len(hook.call_history) == 4
    assert hook.total_used_bytes() > 0
    assert hook.total_acquired_bytes() >= 0
    summary = hook.summary()
    assert sum(r['occurrence'] for r in summary.values()) == 4
    out = io.StringIO()
    hook.print_report(file=out)
    assert out.getvalue().splitlines()[0].split() == [
        'FunctionName', 'UsedBytes', 'AcquiredBytes', 'Occurrence']


@testing.attr.gpu
def test_timer_hook_gpu():
    hook = function_hooks.TimerHook()
    x = chainer.Variable(cuda.to_gpu(numpy.ones(10, numpy.float32)))
    with hook:
        F.sum(x * x).backward()
    assert len(hook.call_history) == 4
    assert hook.total_time() > 0
