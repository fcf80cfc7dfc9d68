"""``naive``: averages each gradient with its own MPI ``Allreduce``."""
import numpy

from chainermn.communicators import _allreduce
from chainermn.communicators import _message
from chainermn.communicators import mpi_communicator_base


class NaiveCommunicator(mpi_communicator_base.MpiCommunicatorBase):
    """Communicator that averages every gradient array with its own MPI ``Allreduce``.

    NumPy gradients are averaged in place; CuPy ones go through host memory. Works everywhere
    MPI does, which makes it the communicator of CPU training and of tests.

    Args:
        mpi_comm (mpi4py.MPI.Comm): The MPI communicator.
        allreduce_grad_dtype: dtype the gradients are averaged in (``None``: their own).
    """

    def __init__(self, mpi_comm, allreduce_grad_dtype=None):
        super().__init__(mpi_comm)
        self.set_config('allreduce_grad_dtype', allreduce_grad_dtype)

    def multi_node_mean_grad(self, model, zero_fill=False):
        """Replaces every gradient of ``model`` by its mean over the processes.

        See :meth:`CommunicatorBase.multi_node_mean_grad`.

        Raises:
            ValueError: The processes' parameters differ (the message names the parameter).
        """
        dtype = self.allreduce_grad_dtype
        for grad in self._grads_to_mean(model, zero_fill):
            _mean_array(self.mpi_comm, grad, dtype)


def _mean_array(mpi_comm, grad, dtype):
    host = _message.to_host(grad)
    if dtype is not None and host.dtype != dtype:
        host = host.astype(dtype)
    if host is grad:
        _allreduce.mean_inplace(mpi_comm, grad)
    elif isinstance(grad, numpy.ndarray) and grad.flags.c_contiguous:
        _allreduce.mean_inplace(mpi_comm, host, out=grad)
    else:
        _allreduce.mean_inplace(mpi_comm, host)
        grad[...] = _message.to_device(host, _message.header(grad).gpu)
