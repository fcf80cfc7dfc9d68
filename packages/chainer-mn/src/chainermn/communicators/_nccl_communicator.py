"""Base of the communicators that average packed CuPy gradients with NCCL."""
import numpy

import chainer
from chainermn.communicators import _allreduce
from chainermn.communicators import _nccl
from chainermn.communicators import _packing
from chainermn.communicators import mpi_communicator_base


class NcclCommunicator(mpi_communicator_base.MpiCommunicatorBase):
    """Averages the CuPy gradients of a model packed into one device buffer.

    The NCCL communicators are created on first use (after the script has chosen its GPU,
    usually ``chainer.cuda.get_device_from_id(comm.intra_rank).use()``). Subclasses decide how
    the packed buffer is summed over the processes (:meth:`_sum_packed`).

    Args:
        mpi_comm (mpi4py.MPI.Comm): The MPI communicator.
        allreduce_grad_dtype: dtype of the packed buffer. ``None``: float16 when
            ``chainer.config.dtype`` is float16 or mixed16, else the gradients' dtype.

    Raises:
        RuntimeError: CuPy, NCCL 2+ or a GPU is missing (the message says which).
    """

    def __init__(self, mpi_comm, allreduce_grad_dtype=None):
        _nccl.check_available(type(self).__name__)
        super().__init__(mpi_comm)
        self.set_config('allreduce_grad_dtype', allreduce_grad_dtype)
        self._nccl_comms = None
        self._device_buffer = None

    def _init_comms(self):
        if self._nccl_comms is None:
            self._nccl_comms = self._create_comms()

    def _create_comms(self):
        """Returns the communicators :meth:`_sum_packed` uses."""
        raise NotImplementedError

    def _sum_packed(self, buf, stream):
        """Sums the packed device buffer ``buf`` over all processes, in place."""
        raise NotImplementedError

    def _padding(self):
        """The packed buffer length is rounded up to a multiple of this."""
        return 1

    def _padded_size(self, n):
        """The length of a packed buffer that holds ``n`` elements, for :meth:`_sum_packed`."""
        pad = self._padding()
        return -(-n // pad) * pad

    def _grad_dtype(self, grads):
        if self.allreduce_grad_dtype is not None:
            return self.allreduce_grad_dtype
        if chainer.config.dtype in (numpy.float16, chainer.mixed16):
            return numpy.dtype(numpy.float16)
        return _packing.comm_dtype(grads, None)

    def _buffer(self, n, dtype):
        from chainer.backends import cuda
        n = self._padded_size(n)
        buf = self._device_buffer
        if buf is None or buf.dtype != dtype or buf.size < n:
            buf = self._device_buffer = cuda.cupy.zeros(n, dtype=dtype)
        return buf[:n]

    def multi_node_mean_grad(self, model, zero_fill=False):
        """Replaces every gradient of ``model`` by its mean over the processes.

        See :meth:`CommunicatorBase.multi_node_mean_grad`.
        """
        from chainer.backends import cuda
        self._mean_grad(model, zero_fill, cuda.Stream.null)

    def _mean_grad(self, model, zero_fill, stream):
        grads = self._grads_to_mean(model, zero_fill)
        if not grads:
            return
        self._init_comms()
        buf = self._buffer(sum(g.size for g in grads), self._grad_dtype(grads))
        with stream:
            _packing.pack(grads, buf)
            self._sum_packed(buf, stream)
            buf *= buf.dtype.type(1.0 / self.size)
            _packing.unpack(buf, grads)

    def finalize(self):
        """Destroys the NCCL communicators."""
        if self._nccl_comms is not None:
            for comm in self._nccl_comms:
                if hasattr(comm, 'destroy'):
                    comm.destroy()
            self._nccl_comms = None


class MachineSplitCommunicator(NcclCommunicator):
    """Base of the communicators that reduce with NCCL within machines and MPI across them.

    :meth:`_create_comms` makes the NCCL communicator of the GPUs of this machine and keeps
    the MPI communicator of the processes of the same intra rank on the other machines.
    """

    def _create_comms(self):
        intra_mpi = self.mpi_comm.Split(self.inter_rank, self.intra_rank)
        self._inter_mpi = self.mpi_comm.Split(self.intra_rank, self.inter_rank)
        return (_nccl.create_comm(intra_mpi),)

    def _sum_across_machines(self, part, stream):
        """Sums the device array ``part`` over the machines through host memory, in place."""
        host = part.get(stream=stream)
        stream.synchronize()
        _allreduce.sum_inplace(self._inter_mpi, host)
        part.set(host, stream=stream)
