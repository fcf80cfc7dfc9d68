"""Function hook marking function calls for the CUDA profiler (``CUDAProfileHook``)."""
from chainer.backends import cuda
from chainer import function_hook


class CUDAProfileHook(function_hook.FunctionHook):
    """Function hook that pushes an NVTX range around each forward and backward computation.

    The ranges (``'<label>.forward'``, ``'<label>.backward'``) show up in NVIDIA profilers
    (nvprof, Nsight Systems). Requires CuPy built with NVTX.
    """

    name = 'CUDAProfileHook'

    def __init__(self):
        cuda.check_cuda_available()
        if not getattr(cuda.cupy.cuda, 'nvtx_enabled', False):
            raise RuntimeError('nvtx is required for CUDAProfileHook')

    def forward_preprocess(self, function, in_data):
        cuda.cupy.cuda.nvtx.RangePush(function.label + '.forward')

    def forward_postprocess(self, function, in_data):
        cuda.cupy.cuda.nvtx.RangePop()

    def backward_preprocess(self, function, in_data, out_grad):
        cuda.cupy.cuda.nvtx.RangePush(function.label + '.backward')

    def backward_postprocess(self, function, in_data, out_grad):
        cuda.cupy.cuda.nvtx.RangePop()


CudaProfileHook = CUDAProfileHook
