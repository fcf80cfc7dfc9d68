"""The NumPy backend (``chainer.backends._cpu``)."""
import sys

import numpy

from chainer import _backend


class CpuDevice(_backend.Device):
    """Device for the CPU (NumPy) backend. Its device specifier is ``'@numpy'``."""

    name = '@numpy'
    xp = numpy
    supported_array_types = (numpy.ndarray,)

    __hash__ = _backend.Device.__hash__

    @staticmethod
    def from_array(array):
        """Returns a :class:`CpuDevice` if ``array`` is a NumPy array, else ``None``."""
        if isinstance(array, numpy.ndarray):
            return CpuDevice()
        return None

    def __eq__(self, other):
        return isinstance(other, CpuDevice)

    def __repr__(self):
        return '<{} (numpy)>'.format(self.__class__.__name__)

    def send_array(self, array):
        """Returns ``array`` as a NumPy array (copied from another device if needed)."""
        return _array_to_cpu(array)


def _array_to_cpu(array):
    """Converts one array (NumPy, CuPy, iDeep, ChainerX or a scalar) to a NumPy array."""
    if array is None:
        return None
    if isinstance(array, numpy.ndarray):
        return array
    if 'cupy' in sys.modules:
        from chainer.backends import cuda
        cupy = cuda._cupy_if_imported()
        if cupy is not None and isinstance(array, cupy.ndarray):
            with cuda.get_device_from_array(array):
                return array.get()
    from chainer.backends import intel64
    if isinstance(array, intel64.mdarray):
        return numpy.asarray(array)
    import chainerx
    if isinstance(array, chainerx.ndarray):
        # a view of a native array; a copy in host memory of a cuda one
        return chainerx.to_numpy(array, copy=False)
    if numpy.isscalar(array):
        return numpy.asarray(array)
    raise TypeError(
        'Array cannot be converted into an numpy.ndarray'
        '\nActual type: {0}.'.format(type(array)))
