"""Base of the communicators that average all gradients through one packed buffer."""
from chainermn.communicators import _packing
from chainermn.communicators import mpi_communicator_base


class PackedCommunicator(mpi_communicator_base.MpiCommunicatorBase):
    """Averages the gradients of a model with one ``Allreduce`` of a packed buffer.

    Args:
        mpi_comm (mpi4py.MPI.Comm): The MPI communicator.
        allreduce_grad_dtype: dtype of the packed buffer (``None``: the gradients' dtype).
    """

    def __init__(self, mpi_comm, allreduce_grad_dtype=None):
        super().__init__(mpi_comm)
        self.set_config('allreduce_grad_dtype', allreduce_grad_dtype)
        self._packed_mean = _packing.PackedMean()

    def multi_node_mean_grad(self, model, zero_fill=False):
        """Replaces every gradient of ``model`` by its mean over the processes.

        See :meth:`CommunicatorBase.multi_node_mean_grad`.

        Raises:
            ValueError: The processes' parameters differ (the message names the parameter).
        """
        self._packed_mean(self.mpi_comm, self._grads_to_mean(model, zero_fill),
                          self.allreduce_grad_dtype)
