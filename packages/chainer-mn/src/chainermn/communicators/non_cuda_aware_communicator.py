"""``non_cuda_aware``: packed averaging through host memory, for MPI without CUDA support."""
from chainermn.communicators import _packed_communicator


class NonCudaAwareCommunicator(_packed_communicator.PackedCommunicator):
    """Communicator for an MPI that cannot read GPU memory.

    Gradients are packed into one buffer (on the GPU for CuPy arrays), copied to host memory,
    averaged with one MPI ``Allreduce`` and copied back; NumPy gradients take the same path
    without the copies.

    Args:
        mpi_comm (mpi4py.MPI.Comm): The MPI communicator.
        allreduce_grad_dtype: dtype of the packed buffer (``None``: the gradients' dtype).
    """
