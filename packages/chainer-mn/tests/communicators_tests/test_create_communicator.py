"""create_communicator: names, keyword arguments and the errors of unusable communicators."""
import numpy
import pytest

import chainermn
from chainermn import communicators
from chainermn.communicators import dummy_communicator
from chainermn.communicators import flat_communicator
from chainermn.communicators import naive_communicator
from chainermn.communicators import non_cuda_aware_communicator


def _cupy_with_nccl():
    try:
        from cupy.cuda import nccl  # noqa: F401
    except Exception:
        return False
    return True


@pytest.mark.parametrize('name,cls', [
    ('naive', naive_communicator.NaiveCommunicator),
    ('flat', flat_communicator.FlatCommunicator),
    ('non_cuda_aware', non_cuda_aware_communicator.NonCudaAwareCommunicator),
    ('dummy', dummy_communicator.DummyCommunicator)])
def test_cpu_communicators(name, cls):
    comm = chainermn.create_communicator(name)
    assert type(comm) is cls
    assert chainermn.create_communicator is communicators.create_communicator
    assert comm.get_config('batched_copy') is True


def test_mpi_comm_and_options():
    from mpi4py import MPI
    mpi_comm = MPI.COMM_WORLD.Dup()
    comm = chainermn.create_communicator('flat', mpi_comm, batched_copy=False)
    assert comm.mpi_comm is mpi_comm
    comm.set_config('allreduce_grad_dtype', numpy.float16)
    assert comm.get_config() == {'batched_copy': False,
                                 'allreduce_grad_dtype': numpy.dtype(numpy.float16)}


def test_unknown_name():
    with pytest.raises(ValueError, match='Unrecognized communicator: "bogus"'):
        chainermn.create_communicator('bogus')


def test_unknown_keyword_argument():
    with pytest.raises(TypeError, match=r"create_communicator\(\) got unexpected keyword "
                                        r"argument\(s\) 'foo'"):
        chainermn.create_communicator('naive', foo=1)


def test_three_positional_arguments():
    with pytest.raises(TypeError):
        chainermn.create_communicator('naive', None, numpy.float16)


@pytest.mark.parametrize('name', ['naive', 'flat', 'non_cuda_aware', 'dummy', 'hierarchical'])
def test_allreduce_grad_dtype_only_for_pure_nccl(name):
    # v7: create_communicator refuses it for every other communicator, before making one
    with pytest.raises(ValueError, match="only available at 'pure_nccl' communicator"):
        chainermn.create_communicator(name, allreduce_grad_dtype=numpy.float16)


@pytest.mark.skipif(_cupy_with_nccl(), reason='CuPy with NCCL is installed: nothing is missing')
@pytest.mark.parametrize('name,cls', [
    ('pure_nccl', 'PureNcclCommunicator'), ('hierarchical', 'HierarchicalCommunicator'),
    ('two_dimensional', 'TwoDimensionalCommunicator'),
    ('single_node', 'SingleNodeCommunicator')])
def test_gpu_communicators_name_what_is_missing(name, cls):
    with pytest.raises(RuntimeError, match='{} requires NCCL 2.0\\+, but NCCL is not available: '
                                           '(CuPy is not installed|this CuPy has no NCCL|no CUDA)'
                                           .format(cls)):
        chainermn.create_communicator(name)


def test_default_is_pure_nccl():
    if _cupy_with_nccl():
        pytest.skip('CuPy with NCCL is installed: pure_nccl would be created')
    with pytest.raises(RuntimeError, match='PureNcclCommunicator'):
        chainermn.create_communicator()
