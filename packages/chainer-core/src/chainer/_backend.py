"""The device abstraction shared by all backends (``chainer._backend``)."""


def _convert_arrays(array, func):
    """Applies ``func`` to an array, or to each element of a list or tuple of arrays."""
    if isinstance(array, (list, tuple)):
        return type(array)([_convert_arrays(a, func) for a in array])
    return func(array)


class _NullContext:
    """Context manager that does nothing (the context of devices without a current device)."""

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc_value, traceback):
        return None


_null_context = _NullContext()


class Device:
    """Common interface of the devices arrays can live on.

    Subclasses: :class:`chainer.backend.CpuDevice` (NumPy), :class:`chainer.backend.GpuDevice`
    (CuPy), :class:`chainer.backend.Intel64Device` (iDeep) and
    :class:`chainer.backend.ChainerxDevice`.  Instances come from :func:`chainer.get_device`,
    given a specifier such as ``'@numpy'`` or ``'@cupy:0'``; :func:`chainer.using_device`
    (rather than ``with device:``) makes one current within a block.
    """

    @property
    def xp(self):
        """Array module corresponding to the device."""
        raise NotImplementedError('Device implementation must override this property.')

    @property
    def name(self):
        """A unique name of the device (its device specifier, e.g. ``'@numpy'``)."""
        raise NotImplementedError('Device implementation must override this property.')

    @property
    def supported_array_types(self):
        """Tuple of the array types the device's array module handles."""
        raise NotImplementedError('Device implementation must override this property.')

    def __enter__(self):
        """Raises :class:`RuntimeError`: use :func:`chainer.using_device` instead."""
        raise RuntimeError(
            'Device class does not support runtime context using `with` '
            'statement. Use chainer.using_device instead.')

    def __exit__(self, exc_type, exc_value, traceback):
        """Never called (``__enter__`` raises); defined so that ``with`` reaches ``__enter__``."""
        return None

    def __eq__(self, other):
        """Whether ``other`` denotes the same device (implemented by each device class)."""
        raise NotImplementedError('Device implementation must override this method.')

    def __ne__(self, other):
        return not self == other

    def __hash__(self):
        return hash(self.name)

    def __str__(self):
        """The device specifier (e.g. ``'@numpy'``), as ``print(device)`` shows it."""
        return self.name

    def create_context(self):
        """Returns a context manager in which this device is the current one."""
        return _null_context

    def send(self, arrays):
        """Transfers the given arrays to the device.

        Args:
            arrays: An array, or a list or tuple of arrays (NumPy, CuPy or ChainerX; ``None``
                entries are kept).

        Returns:
            The transferred array(s), in the same structure. Arrays already on the device are
            returned as they are (no copy).
        """
        return _convert_arrays(arrays, self.send_array)

    def send_array(self, array):
        """Transfers one array to the device (implemented by each device class)."""
        raise NotImplementedError('Device implementation must override this method.')

    def use(self):
        """Makes the device current in the current thread (no-op for CPU devices)."""
        pass

    def is_array_supported(self, array):
        """Returns whether ``array`` can be handled on this device without a transfer."""
        return isinstance(array, self.supported_array_types)
