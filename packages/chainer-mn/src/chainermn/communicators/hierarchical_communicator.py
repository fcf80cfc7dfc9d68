"""``hierarchical``: NCCL within each machine, MPI between the machines."""
from chainermn.communicators import _allreduce
from chainermn.communicators import _nccl
from chainermn.communicators import _nccl_communicator


class HierarchicalCommunicator(_nccl_communicator.NcclCommunicator):
    """Communicator that reduces within each machine with NCCL and across machines with MPI.

    The packed gradients are summed onto the first GPU of each machine (NCCL ``reduce``), those
    sums are added across machines by MPI through host memory, and the total is broadcast back
    to the GPUs of the machine (NCCL ``bcast``).

    Args:
        mpi_comm (mpi4py.MPI.Comm): The MPI communicator.
        allreduce_grad_dtype: dtype of the packed buffer (see :func:`create_communicator`).
    """

    def _create_comms(self):
        intra_mpi = self.mpi_comm.Split(self.inter_rank, self.intra_rank)
        self._inter_mpi = self.mpi_comm.Split(self.intra_rank, self.inter_rank)
        return (_nccl.create_comm(intra_mpi),)

    def _sum_packed(self, buf, stream):
        intra = self._nccl_comms[0]
        _nccl.reduce_sum(intra, buf, 0, stream)
        if self.intra_rank == 0 and self.inter_size > 1:
            host = buf.get(stream=stream)
            stream.synchronize()
            _allreduce.sum_inplace(self._inter_mpi, host)
            buf.set(host, stream=stream)
        _nccl.bcast(intra, buf, 0, stream)
