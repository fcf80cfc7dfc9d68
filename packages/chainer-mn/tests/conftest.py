"""Fixtures of the chainer-mn tests.

The tests run in every process of an MPI job: ``mpiexec -n 2 python -m pytest ...`` (the nox
session ``mn`` runs them on 2 and 3 processes) or plainly, as a job of one process. Every
process runs the same tests in the same order, so the collective operations line up; a test
that needs more processes than the job has is skipped with a reason. Assertions come after
the communications of a test, so that a failing check on one process does not leave the
others waiting. Should a test hang anyway, a watchdog aborts the whole job naming it.
"""
import os
import sys
import threading

import pytest

# Seconds a test may take in a job of several processes before the job is aborted.
WATCHDOG_SECONDS = float(os.environ.get('CHAINERMN_TEST_WATCHDOG', '120'))


def _world():
    from mpi4py import MPI
    return MPI.COMM_WORLD


@pytest.fixture(scope='session')
def comm():
    """The ``naive`` communicator over all processes of the job."""
    import chainermn
    return chainermn.create_communicator('naive')


@pytest.fixture
def shared_tmp(comm):
    """A temporary directory that every process of the job shares (removed afterwards)."""
    import shutil
    import tempfile
    path = comm.bcast_obj(tempfile.mkdtemp(prefix='chainermn-test-') if comm.rank == 0
                          else None)
    yield path
    comm.mpi_comm.Barrier()
    if comm.rank == 0:
        shutil.rmtree(path, ignore_errors=True)


@pytest.fixture
def need_processes():
    """``need_processes(n)`` skips the test unless the job has at least ``n`` processes."""
    def need(n):
        size = _world().size
        if size < n:
            pytest.skip('needs at least {} MPI processes (run it under mpiexec -n {}); '
                        'this job has {}'.format(n, n, size))
    return need


def _numerical_grads(comm, loss_of, xs, eps):
    # d(sum of the losses of all processes)/d(each element of each array of xs), this
    # process's part: the processes perturb their elements one at a time, in turn.
    import numpy
    grads = [numpy.zeros(x.shape, dtype=numpy.float64) for x in xs]
    flats = [x.reshape(-1) for x in xs]
    for owner in range(comm.size):
        n = comm.bcast_obj(sum(x.size for x in xs) if comm.rank == owner else None, root=owner)
        for k in range(n):
            losses = []
            for delta in (eps, -eps):
                if comm.rank == owner:
                    flat, i = _locate(flats, k)
                    saved = flat[i]
                    flat[i] = saved + delta
                losses.append(comm.allreduce_obj(float(loss_of(xs))))
                if comm.rank == owner:
                    flat[i] = saved
            if comm.rank == owner:
                j, i = _locate_index(flats, k)
                grads[j].reshape(-1)[i] = (losses[0] - losses[1]) / (2 * eps)
    return grads


def _locate_index(flats, k):
    for j, flat in enumerate(flats):
        if k < flat.size:
            return j, k
        k -= flat.size
    raise IndexError(k)


def _locate(flats, k):
    j, i = _locate_index(flats, k)
    return flats[j], i


@pytest.fixture
def numerical_global_grads(comm):
    """``numerical_global_grads(loss_of, xs, eps=1e-3)``: the central differences of the sum
    over all processes of ``loss_of(xs)`` (a float) w.r.t. the arrays ``xs`` of this process.

    Every process calls it together (``loss_of`` communicates as the code under test does);
    the gradients check the backward of functions whose gradients cross processes, which
    :func:`chainer.gradient_check.check_backward` (perturbing every process at once) cannot.
    """
    def check(loss_of, xs, eps=1e-3):
        return _numerical_grads(comm, loss_of, xs, eps)
    return check


@pytest.fixture(autouse=True)
def _watchdog(request):
    world = _world()
    if world.size == 1:
        yield
        return

    def abort():
        sys.stderr.write('\nchainer-mn tests: {} did not finish within {} s on rank {}; '
                         'aborting the MPI job\n'.format(request.node.nodeid,
                                                          WATCHDOG_SECONDS, world.rank))
        sys.stderr.flush()
        world.Abort(1)

    timer = threading.Timer(WATCHDOG_SECONDS, abort)
    timer.daemon = True
    timer.start()
    try:
        yield
    finally:
        timer.cancel()


_HERE = os.path.dirname(os.path.abspath(__file__))


def pytest_collection_modifyitems(config, items):
    # The experimental warnings of v7's API are tested where they matter; elsewhere in these
    # tests they are noise.
    mark = pytest.mark.filterwarnings('ignore:.* is experimental:FutureWarning')
    for item in items:
        if str(item.path).startswith(_HERE):
            item.add_marker(mark)


_exit_status = [0]


def pytest_sessionfinish(session, exitstatus):
    _exit_status[0] = exitstatus


def pytest_unconfigure(config):
    # A process whose tests failed may have left the others waiting in a communication (and
    # MPI_Finalize waits for them): end the whole job, with an error, once it has reported.
    world = _world()
    if world.size > 1 and _exit_status[0] not in (0, pytest.ExitCode.NO_TESTS_COLLECTED):
        sys.stdout.flush()
        sys.stderr.write('chainer-mn tests: rank {} had failures; aborting the MPI job\n'
                         .format(world.rank))
        sys.stderr.flush()
        world.Abort(1)
