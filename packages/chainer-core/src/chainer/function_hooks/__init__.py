"""Concrete function hooks (``chainer.function_hooks``)."""
from chainer.function_hooks.cuda_profile import CUDAProfileHook  # noqa: F401
from chainer.function_hooks.cuda_profile import CudaProfileHook  # noqa: F401
from chainer.function_hooks.cupy_memory_profile import CupyMemoryProfileHook  # noqa: F401
from chainer.function_hooks.debug_print import PrintHook  # noqa: F401
from chainer.function_hooks.timer import TimerHook  # noqa: F401
