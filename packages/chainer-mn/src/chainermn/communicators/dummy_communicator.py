"""``dummy``: a communicator whose gradient averaging communicates nothing (for profiling)."""
from chainermn.communicators import _params
from chainermn.communicators import mpi_communicator_base


class DummyCommunicator(mpi_communicator_base.MpiCommunicatorBase):
    """Communicator whose :meth:`multi_node_mean_grad` leaves the gradients as they are.

    Everything else communicates as usual. It measures a training step without the cost of
    gradient communication; the model does not learn as a data-parallel one would.

    Args:
        mpi_comm (mpi4py.MPI.Comm): The MPI communicator.
    """

    def multi_node_mean_grad(self, model, zero_fill=False):
        """Fills the missing gradients with zeros when ``zero_fill``; communicates nothing."""
        _params.grad_entries(model, zero_fill)
