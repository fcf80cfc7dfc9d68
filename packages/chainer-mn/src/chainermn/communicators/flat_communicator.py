"""``flat``: averages all gradients at once through one packed buffer."""
from chainermn.communicators import _packed_communicator


class FlatCommunicator(_packed_communicator.PackedCommunicator):
    """Communicator that packs all gradients into one buffer and averages it with one MPI call.

    One ``Allreduce`` per update instead of one per parameter: best for models with many small
    parameters. CuPy gradients are packed on the GPU and the buffer goes through host memory.

    Args:
        mpi_comm (mpi4py.MPI.Comm): The MPI communicator.
        allreduce_grad_dtype: dtype of the packed buffer (``None``: the gradients' dtype).
    """
