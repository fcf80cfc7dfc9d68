"""``hierarchical``: NCCL within each machine, MPI between the machines."""
from chainermn.communicators import _nccl
from chainermn.communicators import _nccl_communicator


class HierarchicalCommunicator(_nccl_communicator.MachineSplitCommunicator):
    """Communicator that reduces within each machine with NCCL and across machines with MPI.

    The packed gradients are summed onto the first GPU of each machine (NCCL ``reduce``), those
    sums are added across machines by MPI through host memory, and the total is broadcast back
    to the GPUs of the machine (NCCL ``bcast``).

    Args:
        mpi_comm (mpi4py.MPI.Comm): The MPI communicator.
        allreduce_grad_dtype: dtype of the packed buffer (see :func:`create_communicator`).
    """

    def _sum_packed(self, buf, stream):
        intra = self._nccl_comms[0]
        _nccl.reduce_sum(intra, buf, 0, stream)
        if self.intra_rank == 0 and self.inter_size > 1:
            self._sum_across_machines(buf, stream)
        _nccl.bcast(intra, buf, 0, stream)
