"""Batch normalization with the statistics of the whole batch of all processes."""
import chainer
from chainer import backend
from chainer import function_node
from chainer.functions.normalization import batch_normalization as _bn
from chainermn.communicators import _packing

_BACKENDS = ('auto', 'mpi', 'nccl')


def _is_nccl_communicator(comm):
    from chainermn.communicators import _nccl_communicator
    return isinstance(comm, _nccl_communicator.NcclCommunicator)


def get_communication_backend(comm, communication_backend='auto'):
    """The backend that sums the batch statistics: ``'mpi'`` or ``'nccl'``.

    Args:
        comm: ChainerMN communicator.
        communication_backend (str): ``'mpi'``, ``'nccl'`` (needs an NCCL communicator such as
            ``pure_nccl``) or ``'auto'`` (NCCL when the communicator has it, else MPI).

    Raises:
        ValueError: Unknown backend, or NCCL with a communicator that has none.
    """
    if communication_backend not in _BACKENDS:
        raise ValueError('MultiNodeBatchNormalization does not support {}.'.format(
            communication_backend))
    if communication_backend == 'auto':
        return 'nccl' if _is_nccl_communicator(comm) else 'mpi'
    if communication_backend == 'nccl' and not _is_nccl_communicator(comm):
        raise ValueError('nccl is not supported in MultiNodeBatchNormalization when using '
                         '{}.'.format(type(comm)))
    return communication_backend


def _pack(arrays):
    xp = backend.get_array_module(arrays[0])
    return xp.concatenate([a.ravel() for a in arrays])


def _unpack(packed, arrays):
    out = []
    offset = 0
    for a in arrays:
        out.append(packed[offset:offset + a.size].reshape(a.shape))
        offset += a.size
    return out


class _MpiImpl:
    """Sums arrays over the processes with the communicator's ``allreduce`` (MPI)."""

    def __init__(self, comm):
        self.comm = comm

    def sum(self, arrays):
        """Sums a list of arrays of one dtype over the processes (one message)."""
        return _unpack(self.comm.allreduce(_pack(arrays)), arrays)


class _NcclImpl:
    """Sums CuPy arrays over the processes with the communicator's NCCL reduction."""

    def __init__(self, comm):
        self.comm = comm

    def sum(self, arrays):
        """Sums a list of CuPy arrays of one dtype over the processes (one reduction)."""
        from chainer.backends import cuda
        # The packed length is padded as the communicator's reduction needs it (a multiple of
        # the GPUs of a machine for two_dimensional); the padding is not unpacked.
        packed = cuda.cupy.zeros(self.comm._padded_size(sum(a.size for a in arrays)),
                                 dtype=arrays[0].dtype)
        _packing.pack(arrays, packed)
        self.comm._init_comms()
        self.comm._sum_packed(packed, cuda.Stream.null)
        return _unpack(packed, arrays)


class MultiNodeBNImplSelector:
    """Chooses how :class:`MultiNodeBatchNormalizationFunction` sums its statistics.

    Args:
        comm: ChainerMN communicator.
        communication_backend_name (str): ``'mpi'``, ``'nccl'`` or ``'auto'`` (see
            :func:`get_communication_backend`).
    """

    def __init__(self, comm, communication_backend_name):
        self.comm = comm
        self.communication_backend = get_communication_backend(comm, communication_backend_name)

    def __call__(self, batch_norm_func=None, inputs=None):
        """Returns the implementation object (with a ``sum(arrays)`` method).

        The arguments (the function and its inputs, as v7 passes them) do not change it.
        """
        if self.communication_backend == 'nccl':
            return _NcclImpl(self.comm)
        return _MpiImpl(self.comm)


class MultiNodeBatchNormalizationFunction(function_node.FunctionNode):
    """Batch normalization over the union of the batches of all processes.

    The per-channel mean and mean square of every process are averaged (one all-reduce in
    forward, one in backward), so every process normalizes with the mean and variance of the
    global batch (of the means of the processes, equally weighted, when the batch sizes
    differ, as ChainerMN). The running statistics (``mean``/``var``, updated in place) are
    corrected by ``m / (m - 1)`` with ``m`` the number of elements per channel of the local
    batch. The gradients of ``gamma`` and ``beta`` are those of the global batch divided by
    the number of processes (the same at every process).
    """

    def __init__(self, comm, eps=2e-5, mean=None, var=None, decay=0.9,
                 communication_backend='auto'):
        self.comm = comm
        self.eps = eps
        self.running_mean = mean
        self.running_var = var
        self.decay = decay
        self._impl = MultiNodeBNImplSelector(comm, communication_backend)()
        self._stats = None

    @property
    def label(self):
        return 'MultiNodeBatchNormalization'

    def forward(self, inputs):
        x, gamma, beta = inputs
        xp = backend.get_array_module(x)
        axis = _bn._compute_axis(x.ndim, gamma.ndim)
        key_axis = _bn._compute_key_axis(x.ndim, gamma.ndim)
        bshape = _bn._broadcast_shape(x.shape, key_axis)
        dtype = _bn._compute_dtype(x.dtype, gamma.dtype)
        m = x.size // max(gamma.size, 1)
        n = m * self.comm.size
        # the mean and mean square of each process weigh the same, whatever its batch size
        inv_m = dtype.type(1. / max(m, 1))
        mean, var = self._impl.sum([
            x.sum(axis=axis, dtype=dtype, keepdims=True) * inv_m,
            _bn._sum_prod(x, x, key_axis, bshape, dtype) * inv_m])
        inv_size = dtype.type(1. / self.comm.size)
        mean *= inv_size
        var *= inv_size
        var -= mean * mean
        xp.maximum(var, 0, out=var)
        inv_std = xp.reciprocal(xp.sqrt(var + dtype.type(self.eps)))
        y = xp.subtract(x, mean, dtype=dtype)
        y *= gamma.reshape(bshape) * inv_std
        y += beta.reshape(bshape)
        if self.running_mean is not None:
            self._update_running(mean.reshape(gamma.shape), var.reshape(gamma.shape), m)
        self.retain_inputs((0, 1))
        self._stats = (axis, key_axis, bshape, n, mean, inv_std)
        return y.astype(x.dtype, copy=False),

    def _update_running(self, mean, var, m):
        decay = self.decay
        adjust = m / max(m - 1, 1)
        self.running_mean *= decay
        self.running_mean += ((1 - decay) * mean).astype(self.running_mean.dtype, copy=False)
        self.running_var *= decay
        self.running_var += ((1 - decay) * adjust * var).astype(self.running_var.dtype,
                                                                copy=False)

    def backward(self, indexes, grad_outputs):
        x, gamma = [v.array for v in self.get_retained_inputs()]
        gy = grad_outputs[0].array
        xp = backend.get_array_module(x)
        axis, key_axis, bshape, n, mean, inv_std = self._stats
        dtype = mean.dtype
        gbeta = gy.sum(axis=axis, dtype=dtype, keepdims=True)
        ggamma = _bn._sum_prod(gy, x, key_axis, bshape, dtype)
        ggamma -= mean * gbeta
        ggamma *= inv_std
        gbeta, ggamma = self._impl.sum([gbeta, ggamma])
        # gx = gamma * inv_std * (gy - (x_hat * ggamma + gbeta) / n), as gy + x * b + c
        inv_n = dtype.type(1. / max(n, 1))
        b = -inv_std * ggamma * inv_n
        c = -gbeta * inv_n - b * mean
        gx = xp.multiply(x, b, dtype=dtype)
        gx += gy
        gx += c
        gx *= gamma.reshape(bshape) * inv_std
        inv_size = dtype.type(1. / self.comm.size)
        grads = (gx.astype(x.dtype, copy=False),
                 (ggamma * inv_size).reshape(gamma.shape).astype(gamma.dtype, copy=False),
                 (gbeta * inv_size).reshape(gamma.shape).astype(gamma.dtype, copy=False))
        return tuple(chainer.Variable(grads[i]) for i in indexes)


def multi_node_batch_normalization(x, gamma, beta, comm, eps=2e-5, running_mean=None,
                                   running_var=None, decay=0.9, communication_backend='auto'):
    """Batch normalization with the statistics of the batches of all processes.

    Args:
        x (~chainer.Variable): Input of this process, ``(batch, channels, ...)``.
        gamma (~chainer.Variable): Scale, of the shape of the channel axes.
        beta (~chainer.Variable): Shift, of the shape of ``gamma``.
        comm: ChainerMN communicator.
        eps (float): Added to the variance for numerical stability.
        running_mean, running_var: Arrays updated in place with the global statistics
            (``None``: not updated).
        decay (float): Decay of the running statistics.
        communication_backend (str): ``'mpi'``, ``'nccl'`` or ``'auto'``.

    Returns:
        ~chainer.Variable: The normalized output, of the dtype of ``x``.
    """
    return MultiNodeBatchNormalizationFunction(
        comm, eps, running_mean, running_var, decay, communication_backend).apply(
            (x, gamma, beta))[0]
