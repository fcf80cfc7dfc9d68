"""Dataset iterators: SerialIterator + concat_examples against Chainer v7; multiprocess scaling.

* ``serial``: ``SerialIterator`` over an MNIST-shaped ``TupleDataset`` (60000 float32 images of
  784 values, int32 labels), batch 100, shuffled, each batch stacked by ``concat_examples``.
  Time per batch = best CPU time of this process (``time.process_time``, robust to other load
  on a shared machine) over several rounds. With ``--v7-python PATH`` the same loop also runs
  under that interpreter (Chainer v7.8.1 installed there, this file run in a subprocess
  without this checkout on ``PYTHONPATH``), interleaved with ours, and ``speedup_vs_v7`` =
  v7 time / our time (the target is >= 2).
* ``multiprocess``: ``MultiprocessIterator`` (batch 32, shuffled) over a dataset whose every
  example costs 2 ms of CPU (a busy loop on the process CPU clock, as a decoding/augmenting
  transform would), with 1 and with 2 worker processes; examples per second of wall time,
  best of interleaved rounds; ``speedup_2_vs_1`` is the ratio (the target is >= 1.8 on two
  free cores; ``load_average`` shows what else ran on the machine). On a machine shared
  with other work that figure measures the scheduler more than the iterator: Linux shares
  the CPU between sessions (autogroups), so that a second worker mostly halves the share
  of the first. From the workers' ``/proc/PID/schedstat`` (time on a CPU, time waiting for
  one), ``idle_fraction_2_workers`` is the part of the time the two workers could have run
  but had no example to read (what the iterator's design costs: batching of the tasks,
  prefetch depth, shared memory transfers, the main process), and
  ``speedup_2_vs_1_uncontended`` is the ratio of the rates over the time the workers did
  not wait for a CPU (what two free cores would give). The ``waiting_*`` figures are the
  same with examples that wait 2 ms instead (I/O-bound reads), the scaling of the iterator
  when the cores are busy with other work.

Prints one JSON line. Usage:
``python tools/bench/iterators.py [--v7-python /path/to/python] [--quick]``.
"""
import os

os.environ.setdefault('OPENBLAS_NUM_THREADS', '1')

import argparse  # noqa: E402
import json  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402

import numpy  # noqa: E402

_BATCH = 100
_N_EXAMPLES = 60000
_EXAMPLE_CPU_SECONDS = 0.002


def _serial_round(n_batches):
    """Best CPU time per batch of SerialIterator + concat_examples (one fresh iterator)."""
    from chainer import datasets
    from chainer import iterators
    from chainer.dataset import concat_examples

    rng = numpy.random.RandomState(0)
    x = rng.uniform(0, 1, (_N_EXAMPLES, 784)).astype(numpy.float32)
    t = rng.randint(0, 10, _N_EXAMPLES).astype(numpy.int32)
    it = iterators.SerialIterator(datasets.TupleDataset(x, t), _BATCH)
    for _ in range(20):
        concat_examples(next(it))
    start = time.process_time()
    for _ in range(n_batches):
        xs, ts = concat_examples(next(it))
    assert xs.shape == (_BATCH, 784) and ts.dtype == numpy.int32
    return (time.process_time() - start) / n_batches


class BusyDataset:
    """Examples that each take ``_EXAMPLE_CPU_SECONDS`` of CPU (or of waiting) to make."""

    def __init__(self, n, waiting=False):
        self.x = numpy.random.RandomState(1).uniform(0, 1, (n, 784)).astype(numpy.float32)
        self.waiting = waiting

    def __len__(self):
        return len(self.x)

    def __getitem__(self, i):
        if self.waiting:
            time.sleep(_EXAMPLE_CPU_SECONDS)
        else:
            end = time.process_time() + _EXAMPLE_CPU_SECONDS
            while time.process_time() < end:
                pass
        return self.x[i], numpy.int32(i % 10)


def _schedstat(pid):
    """Seconds process ``pid`` has run on a CPU and waited for one (None: not available)."""
    try:
        with open('/proc/{}/schedstat'.format(pid)) as f:
            on_cpu, waiting, _ = f.read().split()
    except (OSError, ValueError):
        return None
    return int(on_cpu) / 1e9, int(waiting) / 1e9


def _multiprocess_round(n_processes, n_batches, waiting=False):
    """Examples per second of wall time of MultiprocessIterator with ``n_processes``.

    Returns:
        tuple: The rate, the rate over the time the workers did not wait for a CPU, and
        the part of that time the workers were idle (``None``, ``None`` without
        schedstat).
    """
    from chainer import iterators

    dataset = BusyDataset(4096, waiting)
    with iterators.MultiprocessIterator(dataset, 32, n_processes=n_processes) as it:
        next(it)  # workers started and busy
        pids = it.worker_pids
        before = [_schedstat(pid) for pid in pids]
        start = time.perf_counter()
        n = sum(len(next(it)) for _ in range(n_batches))
        wall = time.perf_counter() - start
        after = [_schedstat(pid) for pid in pids]
    if None in before or None in after:
        return n / wall, None, None
    on_cpu = sum(a[0] - b[0] for a, b in zip(after, before)) / len(pids)
    waited = sum(a[1] - b[1] for a, b in zip(after, before)) / len(pids)
    uncontended = wall - waited
    return n / wall, n / uncontended, max(0., uncontended - on_cpu) / uncontended


def _uncontended(rounds_1, rounds_2):
    """The figures of the rounds over the time the workers did not wait for a CPU."""
    if any(rate is None for _, rate, _ in rounds_1 + rounds_2):
        return {'speedup_2_vs_1_uncontended': None, 'idle_fraction_2_workers': None}
    best_1 = max(rate for _, rate, _ in rounds_1)
    best_2, idle_2 = max((rate, idle) for _, rate, idle in rounds_2)
    return {'speedup_2_vs_1_uncontended': best_2 / best_1, 'idle_fraction_2_workers': idle_2}


def _v7_serial(python, n_batches):
    env = dict(os.environ)
    env.pop('PYTHONPATH', None)  # Chainer v7 from that interpreter, not this checkout
    out = subprocess.run([python, os.path.abspath(__file__), '--serial-round', str(n_batches)],
                         env=env, capture_output=True, text=True, check=True).stdout
    return json.loads(out.splitlines()[-1])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--v7-python', help='python of a Chainer v7.8.1 installation')
    parser.add_argument('--quick', action='store_true', help='fewer rounds (a smoke run)')
    parser.add_argument('--serial-round', type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serial_round:
        import chainer
        print(json.dumps({'seconds_per_batch': _serial_round(args.serial_round),
                          'chainer': chainer.__version__}))
        return

    import chainer
    rounds = 2 if args.quick else 5
    n_batches = 200 if args.quick else 1000
    ours, v7 = [], []
    v7_version = None
    for _ in range(rounds):
        ours.append(_serial_round(n_batches))
        if args.v7_python:
            result = _v7_serial(args.v7_python, n_batches)
            v7.append(result['seconds_per_batch'])
            v7_version = result['chainer']
    serial = {'batch_size': _BATCH, 'ms_per_batch': min(ours) * 1e3,
              'examples_per_s': _BATCH / min(ours)}
    if v7:
        serial.update({'v7_ms_per_batch': min(v7) * 1e3, 'v7_examples_per_s': _BATCH / min(v7),
                       'v7_chainer': v7_version, 'speedup_vs_v7': min(v7) / min(ours)})

    mp_batches = 6 if args.quick else 15
    rates = {(n, waiting): [] for n in (1, 2) for waiting in (False, True)}
    for _ in range(2 if args.quick else 3):
        for key in rates:
            rates[key].append(_multiprocess_round(key[0], mp_batches, key[1]))
    best = {key: max(rate for rate, _, _ in values) for key, values in rates.items()}
    multiprocess = {'batch_size': 32, 'example_cpu_ms': _EXAMPLE_CPU_SECONDS * 1e3,
                    'examples_per_s_1_worker': best[1, False],
                    'examples_per_s_2_workers': best[2, False],
                    'speedup_2_vs_1': best[2, False] / best[1, False],
                    **_uncontended(rates[1, False], rates[2, False]),
                    'waiting_examples_per_s_1_worker': best[1, True],
                    'waiting_examples_per_s_2_workers': best[2, True],
                    'waiting_speedup_2_vs_1': best[2, True] / best[1, True],
                    'cpu_count': os.cpu_count(), 'load_average': os.getloadavg()[0]}
    print(json.dumps({'bench': 'iterators', 'chainer': chainer.__version__,
                      'numpy': numpy.__version__, 'python': sys.version.split()[0],
                      'serial': serial, 'multiprocess': multiprocess}))


if __name__ == '__main__':
    main()
