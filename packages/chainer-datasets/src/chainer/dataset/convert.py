"""Converters that turn a minibatch (a list of examples) into arrays (``chainer.dataset.convert``).

A converter is called as ``converter(batch, device)``. :func:`concat_examples` stacks the
examples along a new first axis (per column for tuple and dict examples) and sends the result
to ``device``; :func:`converter` turns any such function into a :class:`Converter`.
"""
import collections
import functools

import numpy

import chainerx

from chainer import backend
from chainer.backends import cuda
from chainer.dataset import _gathered_batch


def _get_device(device_spec):
    # None stays None (leave the arrays where they are); anything else is a device object.
    if device_spec is None:
        return None
    return backend.get_device(device_spec)


def to_device(device, x):
    """Sends an array, or a list or tuple of arrays, to a device.

    Args:
        device: A device specifier (see :func:`chainer.get_device`): ``None`` leaves ``x``
            as it is; a negative integer means the CPU and a non-negative one a GPU
            (legacy).
        x: An array (NumPy, CuPy or ChainerX), or a list or tuple of them.

    Returns:
        ``x`` on the device (arrays already there are returned as they are).

    .. admonition:: Example

        >>> x = np.array([1, 2], np.float32)
        >>> chainer.dataset.to_device(None, x) is x  # None leaves the array where it is
        True
        >>> chainer.dataset.to_device('@numpy', x)  # '@cupy:0' would copy it to GPU 0
        array([1., 2.], dtype=float32)
    """
    if device is None:
        return x
    return _get_device(device).send(x)


class Converter:
    """Base class of converters, the callables ``converter(batch, device)``.

    A converter receives ``device`` as a :class:`~chainer.backend.Device` (or ``None``);
    wrap a plain function with the :func:`converter` decorator to get one.
    """

    def __call__(self, batch, device):
        """Converts a minibatch.

        Args:
            batch (list): The examples.
            device (~chainer.backend.Device or None): Where to put the result (``None``:
                where the examples are).
        """
        raise NotImplementedError(
            'Converter.__call__ must be implemented by the subclass {}'.format(
                type(self).__name__))


class _ArbitraryCallableConverter(Converter):
    """Converter that calls a function, with its ``device`` argument made a device object."""

    def __init__(self, base_callable):
        if not callable(base_callable):
            raise TypeError('converter: the decorated object must be callable, got {}'.format(
                type(base_callable)))
        self.base_callable = base_callable
        functools.update_wrapper(self, base_callable)

    def __call__(self, *args, **kwargs):
        if len(args) >= 2:
            args = (args[0], _get_device(args[1])) + args[2:]
        elif 'device' in kwargs:
            kwargs['device'] = _get_device(kwargs['device'])
        return self.base_callable(*args, **kwargs)


def converter():
    """Decorator that makes a function ``f(batch, device, ...)`` a :class:`Converter`.

    The decorated function receives its ``device`` argument as a
    :class:`~chainer.backend.Device` (or ``None``) whatever specifier the caller passed.

    Example:
        >>> @chainer.dataset.converter()
        ... def my_converter(batch, device):
        ...     return chainer.dataset.concat_examples(batch, device)
    """
    return _ArbitraryCallableConverter


def _call_converter(converter, batch, device):
    """Calls a converter with ``device`` in the form it expects.

    A :class:`Converter` gets the device object; any other callable gets the legacy form
    (``-1`` for the CPU, the GPU ID for CuPy) for the device kinds that have one.
    """
    if device is not None and not isinstance(device, backend.Device):
        raise TypeError('_call_converter: device must be a chainer.backend.Device or None, '
                        'got {}'.format(type(device)))
    if isinstance(converter, Converter) or device is None:
        return converter(batch, device)
    if isinstance(device, backend.CpuDevice):
        return converter(batch, -1)
    if isinstance(device, cuda.GpuDevice):
        return converter(batch, device.device.id)
    return converter(batch, device)


def _call_with_arrays(func, in_arrays, *args):
    """Calls ``func`` with a converted batch as its arguments.

    ``func(*args, *in_arrays)`` for a tuple, ``func(*args, **in_arrays)`` for a dict and
    ``func(*args, in_arrays)`` otherwise: how the updaters and evaluators pass the result
    of a converter to the loss or evaluation function.
    """
    if isinstance(in_arrays, tuple):
        return func(*args, *in_arrays)
    if isinstance(in_arrays, dict):
        return func(*args, **in_arrays)
    return func(*args, in_arrays)


def _describe(column):
    return '' if column is None else ' (column {!r})'.format(column)


def _mismatch_error(arrays, column):
    first_shape = numpy.shape(arrays[0])
    for i, array in enumerate(arrays):
        shape = numpy.shape(array)
        if shape != first_shape:
            return ValueError(
                'concat_examples: example 0 has shape {} but example {} has shape {}{}; '
                'examples of different shapes need padding (padding=...)'.format(
                    first_shape, i, shape, _describe(column)))
    return None


def _is_cupy_array(array):
    cupy = cuda._cupy_if_imported()  # a CuPy array cannot exist before CuPy is imported
    return cupy is not None and isinstance(array, cupy.ndarray)


def _is_device_array(array):
    # an array of a backend (NumPy, CuPy, ChainerX), not a scalar or a list
    return (isinstance(array, (numpy.ndarray, chainerx.ndarray))
            or _is_cupy_array(array))


def _concat_arrays(arrays, padding, column=None):
    first = arrays[0]
    if not _is_device_array(first):
        # Python or NumPy scalars, lists: one NumPy array of the whole column
        arrays = numpy.asarray(arrays)
        if padding is None:
            return arrays
        first = arrays[0]
    if padding is not None:
        return _concat_arrays_with_padding(arrays, padding, column)
    try:
        if isinstance(first, numpy.ndarray):
            return numpy.array(arrays)
        xp = backend.get_array_module(first)
        with backend.get_device_from_array(first).create_context():
            return xp.concatenate([array[None] for array in arrays])
    except ValueError:
        error = _mismatch_error(arrays, column)
        if error is None:
            raise
        raise error from None


def _concat_arrays_with_padding(arrays, padding, column):
    ndim = arrays[0].ndim
    for i, array in enumerate(arrays):
        if array.ndim != ndim:
            raise ValueError(
                'concat_examples: cannot pad example {} of shape {} to the {} dimensions of '
                'example 0 (shape {}){}'.format(
                    i, array.shape, ndim, arrays[0].shape, _describe(column)))
    shape = tuple(max(sizes) for sizes in zip(*[array.shape for array in arrays]))
    first = arrays[0]
    xp = backend.get_array_module(first)
    with backend.get_device_from_array(first).create_context():
        fill = numpy.asarray(padding).astype(first.dtype)[()]  # a scalar of the dtype
        result = xp.full((len(arrays),) + shape, fill, dtype=first.dtype)
        for i, array in enumerate(arrays):
            result[(i,) + tuple(slice(size) for size in array.shape)] = array
    return result


def _columns_of_tuples(batch):
    try:
        return list(zip(*batch, strict=True))
    except ValueError:
        n = len(batch[0])
        for i, example in enumerate(batch):
            if not isinstance(example, tuple) or len(example) != n:
                # IndexError, as v7 (which indexes the examples by the positions of the first)
                raise IndexError(
                    'concat_examples: example 0 is a tuple of {} values but example {} is '
                    '{!r:.80}'.format(n, i, example)) from None
        raise


def _padding_of_columns(padding, n):
    # The padding of each of the ``n`` positions of tuple examples.
    if not isinstance(padding, tuple):
        return (padding,) * n
    if len(padding) < n:
        raise IndexError('concat_examples: padding has {} values for examples that are '
                         'tuples of {}'.format(len(padding), n))
    return padding


def concat_examples_func(batch, device=None, padding=None):
    """Stacks a list of examples into arrays, optionally padding them to a common shape.

    Each example is an array, a tuple of arrays or a dict of arrays (all examples alike).
    The arrays are stacked along a new first axis: the result is an array, a tuple of
    arrays (one per tuple position) or a dict of arrays (one per key). Scalars become
    one-dimensional arrays.

    Args:
        batch (list): The examples; must not be empty.
        device: Device specifier the result is sent to (``None``: left where the examples
            are; see :func:`to_device`).
        padding: ``None`` to require examples of equal shapes; else the value to pad the
            arrays with up to the smallest shape that holds them all (per column, a tuple
            or dict of values matching the examples may be given).

    Returns:
        An array, a tuple of arrays or a dict of arrays.

    Raises:
        ValueError: For an empty batch, or examples of different shapes without padding.

    .. admonition:: Example

        >>> batch = [(np.array([1, 2], np.float32), np.int32(0)),
        ...          (np.array([3, 4], np.float32), np.int32(1))]  # (input, label) examples
        >>> x, t = chainer.dataset.concat_examples(batch)
        >>> x
        array([[1., 2.],
               [3., 4.]], dtype=float32)
        >>> t
        array([0, 1], dtype=int32)
        >>> chainer.dataset.concat_examples([np.array([1, 2, 3], np.float32),
        ...                                  np.array([4], np.float32)], padding=-1)
        array([[ 1.,  2.,  3.],
               [ 4., -1., -1.]], dtype=float32)
        >>> chainer.dataset.concat_examples(batch, device='@numpy')[0].shape  # sent to a device
        (2, 2)
    """
    if len(batch) == 0:
        raise ValueError('batch is empty')
    first = batch[0]
    if type(batch) is _gathered_batch.GatheredBatch and padding is None:
        result = batch.columns()  # one gather per column (None: the batch was changed)
        if result is not None:
            return result if device is None else _get_device(device).send(result)
    if isinstance(first, tuple):
        columns = _columns_of_tuples(batch)
        padding = _padding_of_columns(padding, len(first))
        result = tuple([_concat_arrays(column, pad, i)
                        for i, (column, pad) in enumerate(zip(columns, padding))])
    elif isinstance(first, dict):
        if not isinstance(padding, dict):
            padding = dict.fromkeys(first, padding)
        result = {}
        for key in first:
            try:
                column = [example[key] for example in batch]
            except KeyError:
                missing = next(i for i, example in enumerate(batch) if key not in example)
                raise KeyError('concat_examples: example {} has no key {!r} (example 0 has '
                               'it)'.format(missing, key)) from None
            result[key] = _concat_arrays(column, padding[key], key)
    else:
        result = _concat_arrays(batch, padding)
    if device is None:
        return result
    device = _get_device(device)
    if isinstance(result, dict):
        return {key: device.send(value) for key, value in result.items()}
    return device.send(result)


concat_examples = converter()(concat_examples_func)


class Conveyor:
    """Transfers arrays to a GPU in the background, on a CUDA stream.

    :meth:`put` stages an array in pinned host memory and starts its copy to the device;
    :meth:`get` returns the device arrays in the order they were put. Without a GPU device
    (``device`` ``None``, negative or a CPU device) the arrays are passed through as they
    are.

    Args:
        device: The destination device specifier.
        stream (cupy.cuda.Stream): The stream the copies run on (``None``: the null
            stream).
    """

    def __init__(self, device=None, stream=None):
        self._device = device
        self._stream = stream
        self._queue = collections.deque()
        self._in_flight = []  # (pinned buffer, event) of copies returned without sync

    def _gpu_device(self):
        device = self._device
        if device is None or (isinstance(device, int) and device < 0):
            return None
        device = backend.get_device(device)
        return device if isinstance(device, cuda.GpuDevice) else None

    def put(self, array):
        """Starts the transfer of ``array`` (a NumPy array) to the device."""
        device = self._gpu_device()
        if device is None or not isinstance(array, numpy.ndarray):
            self._queue.append((array, None, None))
            return
        self._in_flight = [item for item in self._in_flight if not item[1].done]
        cupy = cuda.cupy
        with device.create_context():
            pinned = cupy.cuda.alloc_pinned_memory(array.nbytes)
            staged = numpy.frombuffer(pinned, array.dtype, array.size).reshape(array.shape)
            staged[...] = array
            result = cupy.empty(array.shape, array.dtype)
            result.set(staged, stream=self._stream)
            event = cupy.cuda.Event()
            event.record(self._stream)
        self._queue.append((result, staged, event))

    def get(self, sync=True):
        """Returns the next array put, on the device.

        Args:
            sync (bool): Wait until its transfer has finished. Otherwise the caller must
                order its use after the copy (e.g. make its stream wait for the transfer
                stream).

        Raises:
            IndexError: When no array is waiting.
        """
        if not self._queue:
            raise IndexError('Conveyor.get: no array has been put')
        result, staged, event = self._queue.popleft()
        if event is not None:
            if sync:
                event.synchronize()
            else:
                self._in_flight.append((staged, event))
        return result


class ConcatWithAsyncTransfer:
    """Converter that stacks examples on the CPU and copies them to a GPU asynchronously.

    It stacks the examples like :func:`concat_examples`, stages them in pinned memory and
    copies them on its own ``stream``; the host does not wait for the copies, the
    ``compute_stream`` does. One instance serves one GPU: calling it with another GPU
    raises :class:`ValueError`. Without a GPU device it behaves as :func:`concat_examples`.

    Args:
        stream (cupy.cuda.Stream): Stream of the transfers (a new non-blocking stream
            when ``None`` and a GPU is used).
        compute_stream (cupy.cuda.Stream): Stream of the computation that waits for the
            transfers (``None``: the current stream).
    """

    def __init__(self, stream=None, compute_stream=None):
        self._stream = stream
        self.compute_stream = compute_stream
        self._device = None
        self._device_set = False
        self._conveyor = collections.defaultdict(self._get_conveyor)

    def _get_conveyor(self):
        return Conveyor(self._device, self._stream)

    def __call__(self, batch, device=None, padding=None):
        """Stacks ``batch`` and starts its transfer to ``device``.

        Args:
            batch (list): The examples (arrays, tuples or dicts of arrays).
            device: Device specifier (the same at every call).
            padding: As in :func:`concat_examples`.
        """
        if len(batch) == 0:
            raise ValueError('batch is empty')
        gpu = Conveyor(device)._gpu_device()
        if gpu is None:
            # as v7, CPU calls are not tied to the device of the previous ones
            self._device = device
            return concat_examples_func(batch, device, padding)
        if self._device_set and device != self._device:
            raise ValueError('device is different')
        self._device, self._device_set = device, True
        cupy = cuda.cupy
        if self._stream is None:
            with gpu.create_context():
                self._stream = cupy.cuda.Stream(non_blocking=True)
            self._conveyor.clear()
        host = concat_examples_func(batch, None, padding)
        if isinstance(host, tuple):
            keys, values = list(range(len(host))), host
        elif isinstance(host, dict):
            keys, values = list(host), list(host.values())
        else:
            keys, values = [0], [host]
        for key, value in zip(keys, values):
            self._conveyor[key].put(value)
        results = [self._conveyor[key].get(sync=False) for key in keys]
        with gpu.create_context():
            compute_stream = self.compute_stream or cupy.cuda.get_current_stream()
            compute_stream.wait_event(self._stream.record())
        if isinstance(host, tuple):
            return tuple(results)
        if isinstance(host, dict):
            return dict(zip(keys, results))
        return results[0]
