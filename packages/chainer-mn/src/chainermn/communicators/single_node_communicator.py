"""``single_node``: NCCL all-reduce among the GPUs of one machine."""
from chainermn.communicators import pure_nccl_communicator


class SingleNodeCommunicator(pure_nccl_communicator.PureNcclCommunicator):
    """Communicator for the GPUs of a single machine: one NCCL all-reduce over them.

    Args:
        mpi_comm (mpi4py.MPI.Comm): The MPI communicator (all on one machine).
        allreduce_grad_dtype: dtype of the packed buffer (see :func:`create_communicator`).

    Raises:
        ValueError: The processes run on several machines.
    """

    def __init__(self, mpi_comm, allreduce_grad_dtype=None):
        super().__init__(mpi_comm, allreduce_grad_dtype)
        if self.inter_size != 1:
            raise ValueError('SingleNodeCommunicator cannot be used under multi-node settings '
                             '({} machines)'.format(self.inter_size))
