"""``pure_nccl``: averages packed CuPy gradients with one NCCL all-reduce over all processes."""
from chainermn.communicators import _nccl
from chainermn.communicators import _nccl_communicator


class PureNcclCommunicator(_nccl_communicator.NcclCommunicator):
    """Communicator that averages the gradients with NCCL across all GPUs of all machines.

    The gradients are packed into one device buffer (in ``allreduce_grad_dtype``: float16
    halves the traffic) and summed by one NCCL ``allReduce``. Needs CuPy with NCCL 2+.

    Args:
        mpi_comm (mpi4py.MPI.Comm): The MPI communicator.
        allreduce_grad_dtype: dtype of the packed buffer (see :func:`create_communicator`).
    """

    def _create_comms(self):
        return (_nccl.create_comm(self.mpi_comm),)

    def _sum_packed(self, buf, stream):
        _nccl.allreduce_sum(self._nccl_comms[0], buf, stream)

    def _multi_node_mean_grad_async(self, model, zero_fill, stream):
        """Averages the gradients on ``stream`` (the double-buffering optimizer's)."""
        self._mean_grad(model, zero_fill, stream)
