"""``CUDAProfileHook``: NVTX ranges around function calls, for the NVIDIA profilers."""
from chainer.backends import cuda
from chainer import function_hook


def _nvtx():
    return cuda.cupy.cuda.nvtx


class CUDAProfileHook(function_hook.FunctionHook):
    """Function hook that opens an NVTX range for each forward and backward computation.

    The ranges are named ``'<function label>.forward'`` and ``'<function label>.backward'``
    and appear in the timelines of nvprof / Nsight Systems.  Needs CuPy with NVTX support.
    """

    name = 'CUDAProfileHook'

    def __init__(self):
        cuda.check_cuda_available()
        if not getattr(cuda.cupy.cuda, 'nvtx_enabled', False):
            raise RuntimeError('nvtx is required for CUDAProfileHook')

    def forward_preprocess(self, function, in_data):
        _nvtx().RangePush('{}.forward'.format(function.label))

    def backward_preprocess(self, function, in_data, out_grad):
        _nvtx().RangePush('{}.backward'.format(function.label))

    def forward_postprocess(self, function, in_data):
        _nvtx().RangePop()

    def backward_postprocess(self, function, in_data, out_grad):
        _nvtx().RangePop()


CudaProfileHook = CUDAProfileHook
