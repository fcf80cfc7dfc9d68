"""MultiprocessParallelUpdater: synchronous data-parallel training with one process per GPU,
gradients summed with NCCL (needs CuPy built with NCCL)."""
import multiprocessing

import numpy

import chainer
from chainer.backends import cuda
from chainer.dataset import convert
from chainer.training.updaters import standard_updater


def _nccl():
    """Returns ``cupy.cuda.nccl`` if CuPy, a GPU and NCCL are all available, else None."""
    if not cuda.available:
        return None
    try:
        from cupy.cuda import nccl
    except ImportError:
        return None
    return nccl if getattr(nccl, 'available', True) else None


def __getattr__(name):
    # ``_available`` (v7's flag): whether CuPy, a GPU and NCCL are there, found when first read
    # so that importing this module never imports CuPy.
    if name == '_available':
        return _nccl() is not None
    raise AttributeError('module {!r} has no attribute {!r}'.format(__name__, name))


def _nccl_dtype(nccl, dtype):
    types = {numpy.dtype(numpy.float16): nccl.NCCL_FLOAT16,
             numpy.dtype(numpy.float32): nccl.NCCL_FLOAT32,
             numpy.dtype(numpy.float64): nccl.NCCL_FLOAT64}
    try:
        return types[numpy.dtype(dtype)]
    except KeyError:
        raise TypeError('NCCL cannot reduce arrays of dtype {}'.format(dtype)) from None


def _initialized_params(link):
    return [p for p in link.params() if p.array is not None and p.size > 0]


def size_num_grads(link):
    """Returns ``(number of elements, number of arrays)`` of the initialized parameters."""
    params = _initialized_params(link)
    return sum(p.size for p in params), len(params)


def _common_dtype(params):
    return numpy.result_type(*[p.dtype for p in params]) if params else numpy.float32


def _gather(link, attr, name):
    if link.xp is numpy:
        raise RuntimeError('{} works only on GPU.'.format(name))
    params = _initialized_params(link)
    xp = link.xp
    dtype = _common_dtype(params)
    parts = []
    for p in params:
        array = getattr(p, attr)
        if array is None:
            parts.append(xp.zeros(p.size, dtype=dtype))
        else:
            parts.append(array.ravel().astype(dtype, copy=False))
    if not parts:
        return xp.zeros(0, dtype=dtype)
    return xp.concatenate(parts)


def _scatter(link, array, attr):
    offset = 0
    for p in _initialized_params(link):
        part = array[offset:offset + p.size].reshape(p.shape).astype(p.dtype, copy=False)
        offset += p.size
        if attr == 'grad' and p.grad is None:
            p.grad = part.copy()
        else:
            getattr(p, attr)[...] = part


def gather_grads(link):
    """Returns the gradients of ``link``'s parameters concatenated into one flat GPU array
    (zeros for a missing gradient)."""
    return _gather(link, 'grad', 'gather_grads')


def gather_params(link):
    """Returns the values of ``link``'s parameters concatenated into one flat GPU array."""
    return _gather(link, 'data', 'Link.gather_params')


def scatter_grads(link, array):
    """Writes the flat ``array`` (as made by :func:`gather_grads`) back into the
    gradients."""
    _scatter(link, array, 'grad')


def scatter_params(link, array):
    """Writes the flat ``array`` (as made by :func:`gather_params`) back into the
    parameters."""
    _scatter(link, array, 'data')


def _forward_backward(model, iterator, converter, device):
    batch = converter(iterator.next(), device)
    with chainer.force_backprop_mode():
        loss = convert._call_with_arrays(model, batch)
    model.cleargrads()
    loss.backward()


class _Worker(multiprocessing.Process):
    """A sub-process computing the gradients of one GPU's share of each batch."""

    def __init__(self, rank, device, pipe, master, iterator, converter, comm_id, size):
        super().__init__()
        self.rank = rank
        self.device = device
        self.pipe = pipe
        self.model = master
        self.iterator = iterator
        self.converter = converter
        self.comm_id = comm_id
        self.size = size

    def run(self):
        nccl = _nccl()
        stream = cuda.Stream.null.ptr
        with cuda.get_device_from_id(self.device):
            comm = nccl.NcclCommunicator(self.size, self.comm_id, self.rank)
            model = self.model
            model.to_device(chainer.get_device(self.device))
            self._receive_params(nccl, comm, model, stream)
            while True:
                job = self.pipe.recv()
                if job == 'finalize':
                    cuda.Device(self.device).synchronize()
                    break
                _forward_backward(model, self.iterator, self.converter, self.device)
                grads = gather_grads(model)
                comm.reduce(grads.data.ptr, grads.data.ptr, grads.size,
                            _nccl_dtype(nccl, grads.dtype), nccl.NCCL_SUM, 0, stream)
                del grads
                model.cleargrads()
                self._receive_params(nccl, comm, model, stream)

    @staticmethod
    def _receive_params(nccl, comm, model, stream):
        params = gather_params(model)
        comm.bcast(params.data.ptr, params.size, _nccl_dtype(nccl, params.dtype), 0, stream)
        scatter_params(model, params)


class MultiprocessParallelUpdater(standard_updater.StandardUpdater):
    """Updater training on several GPUs of one machine, one process per GPU.

    Each GPU takes a batch from its own iterator and computes the gradients; they are summed
    into the main GPU with NCCL, the main optimizer updates the model and the parameters are
    broadcast back. Only the values reported on the main GPU are seen by the trainer.
    The worker processes are started (forked) at the first update: create the updater before
    using the GPUs in the main process.

    Args:
        iterators (list): One iterator per device (the first is the main one).
        optimizer: The optimizer of the model.
        converter: Turns a batch into arrays on a device.
        devices (list or dict): The GPU IDs (for a dict, the ``'main'`` one comes first).
        auto_new_epoch (bool): Call ``optimizer.new_epoch(auto=True)`` at each new epoch.

    Raises:
        RuntimeError: CuPy, a GPU or NCCL is not available.
    """

    def __init__(self, iterators, optimizer, converter=convert.concat_examples, devices=None,
                 auto_new_epoch=True):
        if not MultiprocessParallelUpdater.available():
            raise RuntimeError(
                'MultiprocessParallelUpdater needs CUDA GPUs and CuPy built with NCCL, which '
                'are not available here.\nInstall NCCL and a CuPy package that supports it '
                '(see https://docs.cupy.dev/en/stable/install.html).')
        if isinstance(devices, dict):
            devices = dict(devices)
            main = devices.pop('main')
            devices = [main] + list(devices.values())
        devices = list(devices or ())
        if len(iterators) != len(devices):
            raise ValueError('MultiprocessParallelUpdater: {} iterators for {} devices; give '
                             'one iterator per device'.format(len(iterators), len(devices)))
        sizes = {len(it.dataset) for it in iterators if hasattr(it, 'dataset')}
        if len(sizes) > 1:
            raise ValueError('MultiprocessParallelUpdater: the iterators\' datasets must have '
                             'the same length, got {}'.format(sorted(sizes)))
        super().__init__(iterator=iterators[0], optimizer=optimizer, converter=converter,
                         auto_new_epoch=auto_new_epoch)
        self._devices = devices
        self._mpu_iterators = iterators
        self._master = optimizer.target
        self._initialized = False
        self._pipes = []
        self._workers = []
        self.comm = None

    @staticmethod
    def available():
        """Returns True if CuPy, a GPU and NCCL are available."""
        return _nccl() is not None

    def _send_message(self, message):
        for pipe in self._pipes:
            pipe.send(message)

    def setup_workers(self):
        """Starts the worker processes and the NCCL communicator (once)."""
        if self._initialized:
            return
        self._initialized = True
        self._master.cleargrads()
        nccl = _nccl()
        size = len(self._devices)
        comm_id = nccl.get_unique_id()
        context = multiprocessing.get_context('fork')
        for rank in range(1, size):
            parent_end, child_end = context.Pipe()
            worker = _Worker(rank, self._devices[rank], child_end, self._master,
                             self._mpu_iterators[rank], self.converter, comm_id, size)
            worker.start()
            self._workers.append(worker)
            self._pipes.append(parent_end)

        with cuda.get_device_from_id(self._devices[0]):
            self._master.to_device(chainer.get_device(self._devices[0]))
            if size > 1:
                self.comm = nccl.NcclCommunicator(size, comm_id, 0)
                params = gather_params(self._master)
                self.comm.bcast(params.data.ptr, params.size,
                                _nccl_dtype(nccl, params.dtype), 0, cuda.Stream.null.ptr)

    def update_core(self):
        """One synchronous update over all the devices."""
        self.setup_workers()
        self._send_message('update')
        nccl = _nccl()
        stream = cuda.Stream.null.ptr
        with cuda.get_device_from_id(self._devices[0]):
            optimizer = self.get_optimizer('main')
            iterator = self.get_iterator('main')
            _forward_backward(self._master, iterator, self.converter, self._devices[0])
            if self.comm is not None:
                grads = gather_grads(self._master)
                self.comm.reduce(grads.data.ptr, grads.data.ptr, grads.size,
                                 _nccl_dtype(nccl, grads.dtype), nccl.NCCL_SUM, 0, stream)
                scatter_grads(self._master, grads)
                del grads
            optimizer.update()
            if self.comm is not None:
                params = gather_params(self._master)
                self.comm.bcast(params.data.ptr, params.size,
                                _nccl_dtype(nccl, params.dtype), 0, stream)
            if self.auto_new_epoch and iterator.is_new_epoch:
                optimizer.new_epoch(auto=True)

    def finalize(self):
        """Stops the workers and finalizes the iterators."""
        self._send_message('finalize')
        for worker in self._workers:
            worker.join()
        self._workers = []
        self._pipes = []
        for iterator in self._mpu_iterators:
            iterator.finalize()
