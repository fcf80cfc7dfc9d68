"""``two_dimensional``: NCCL reduce-scatter and all-gather within machines, MPI across them."""
from chainer.backends import cuda
from chainermn.communicators import _nccl
from chainermn.communicators import _nccl_communicator


class TwoDimensionalCommunicator(_nccl_communicator.MachineSplitCommunicator):
    """Communicator that splits the reduction over the GPUs of each machine.

    Each GPU of a machine receives the machine's sum of one slice of the packed gradients
    (NCCL ``reduceScatter``), adds that slice across machines with MPI through host memory,
    and the slices are gathered back on every GPU (NCCL ``allGather``). Inter-machine
    traffic is spread over all GPUs instead of the first one of each machine.

    Args:
        mpi_comm (mpi4py.MPI.Comm): The MPI communicator.
        allreduce_grad_dtype: dtype of the packed buffer (see :func:`create_communicator`).
    """

    def _padding(self):
        return self.intra_size

    def _sum_packed(self, buf, stream):
        intra = self._nccl_comms[0]
        chunk = cuda.cupy.empty(buf.size // self.intra_size, dtype=buf.dtype)
        _nccl.reduce_scatter_sum(intra, buf, chunk, stream)
        if self.inter_size > 1:
            self._sum_across_machines(chunk, stream)
        _nccl.allgather(intra, chunk, buf, stream)
