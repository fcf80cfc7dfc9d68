"""ChainerMN communicators and :func:`create_communicator`."""
import importlib

from chainer.utils import argument
from chainermn.communicators import _communication_utility
from chainermn.communicators.communicator_base import CommunicatorBase

# name -> (module, class); modules are imported on demand.
_COMMUNICATORS = {
    'naive': ('naive_communicator', 'NaiveCommunicator'),
    'flat': ('flat_communicator', 'FlatCommunicator'),
    'non_cuda_aware': ('non_cuda_aware_communicator', 'NonCudaAwareCommunicator'),
    'pure_nccl': ('pure_nccl_communicator', 'PureNcclCommunicator'),
    'hierarchical': ('hierarchical_communicator', 'HierarchicalCommunicator'),
    'two_dimensional': ('two_dimensional_communicator', 'TwoDimensionalCommunicator'),
    'single_node': ('single_node_communicator', 'SingleNodeCommunicator'),
    'dummy': ('dummy_communicator', 'DummyCommunicator'),
}


def create_communicator(communicator_name='pure_nccl', mpi_comm=None, **kwargs):
    """Creates a ChainerMN communicator.

    ==================== ===== ===== ============================================================
    Name                 CPU   GPU   How gradients are averaged
    ==================== ===== ===== ============================================================
    ``naive``            OK    OK    one MPI ``Allreduce`` per parameter (testing, CPU training)
    ``flat``             OK    OK    one MPI ``Allreduce`` of all gradients packed in a buffer
    ``non_cuda_aware``   OK    OK    as ``flat``, the buffer through host memory
    ``pure_nccl``              OK    one NCCL all-reduce of the packed gradients (NCCL 2+)
    ``hierarchical``           OK    NCCL within each machine, MPI across machines
    ``two_dimensional``        OK    NCCL reduce-scatter/all-gather within machines, MPI across
    ``single_node``            OK    NCCL all-reduce among the GPUs of one machine
    ``dummy``            OK    OK    no communication of gradients (for profiling)
    ==================== ===== ===== ============================================================

    The GPU-only communicators need CuPy with NCCL; without them they raise ``RuntimeError``
    naming what is missing. MPI communicators move CuPy arrays through host memory.

    ``allreduce_grad_dtype`` sets the dtype ``pure_nccl`` communicates gradients in
    (``numpy.float16`` halves the traffic, ``numpy.float32``, ``numpy.float64``); as in v7 the
    other communicators refuse it here (``ValueError``); the MPI ones take it afterwards
    through ``comm.set_config('allreduce_grad_dtype', dtype)``. With ``None`` (the default)
    the gradients' own dtype is used, except that the NCCL communicators use float16 when
    ``chainer.config.dtype`` is float16 or ``chainer.mixed16``.

    Args:
        communicator_name (str): The name of the communicator (see the table).
        mpi_comm: mpi4py communicator (``MPI.COMM_WORLD`` by default).
        allreduce_grad_dtype: dtype of the gradients in the all-reduce (see above).
        batched_copy (bool): Pack GPU gradients with one kernel (default True).

    Returns:
        A communicator implementing :class:`chainermn.CommunicatorBase`.

    Raises:
        ValueError: Unknown ``communicator_name``, or ``allreduce_grad_dtype`` given to
            another communicator than ``pure_nccl``.
        TypeError: Unknown keyword argument.
    """
    allreduce_grad_dtype, batched_copy = argument.parse_kwargs(
        kwargs, ('allreduce_grad_dtype', None), ('batched_copy', True))
    if communicator_name not in _COMMUNICATORS:
        raise ValueError('Unrecognized communicator: "{}" (known: {})'.format(
            communicator_name, ', '.join(_COMMUNICATORS)))
    if allreduce_grad_dtype is not None and communicator_name != 'pure_nccl':
        raise ValueError('allreduce_grad_dtype is only available at \'pure_nccl\' '
                         'communicator.')
    if mpi_comm is None:
        mpi_comm = _communication_utility.mpi().COMM_WORLD
    module_name, class_name = _COMMUNICATORS[communicator_name]
    module = importlib.import_module('chainermn.communicators.' + module_name)
    cls = getattr(module, class_name)
    if communicator_name == 'pure_nccl':
        comm = cls(mpi_comm, allreduce_grad_dtype=allreduce_grad_dtype)
    else:
        comm = cls(mpi_comm)
    comm.set_config('batched_copy', batched_copy)

    from chainermn import global_except_hook
    global_except_hook._add_hook_if_multiprocess()
    return comm
