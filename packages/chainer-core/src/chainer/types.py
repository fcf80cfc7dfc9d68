"""Type aliases for annotations and static type checkers (``chainer.types``)."""
import numbers
import typing as tp

import numpy


@tp.runtime_checkable
class AbstractInitializer(tp.Protocol):
    """Protocol of initializers: a :class:`chainer.Initializer` or any callable on an array.

    Only for PEP 544 static type checkers: an initializer has a ``dtype`` (or None) and fills
    the array it is called with in place. ``isinstance(obj, AbstractInitializer)`` checks
    that ``obj`` has these members.
    """

    dtype: tp.Optional[tp.Any]

    def __call__(self, array: tp.Any) -> None:
        ...


Shape = tp.Tuple[int, ...]
ShapeSpec = tp.Union[int, tp.Sequence[int]]
DTypeSpec = tp.Union[tp.Any]
NdArray = tp.Union[numpy.ndarray, tp.Any]  # numpy.ndarray or cupy.ndarray
Xp = tp.Union[tp.Any]  # numpy or cupy
ScalarValue = tp.Union[numpy.generic, bytes, str, memoryview, numbers.Number]
InitializerSpec = tp.Union[AbstractInitializer, ScalarValue, numpy.ndarray, tp.Any]
DeviceSpec = tp.Union[tp.Any, str, tp.Tuple[str, int]]  # a Device, 'native:0', '@cupy:0', ...
CudaDeviceSpec = tp.Union[tp.Any, int, numpy.integer]  # a cupy.cuda.Device or an id
