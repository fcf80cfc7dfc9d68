"""Timing shared by the benchmarks of this directory (not a benchmark itself).

The clock is the CPU time of this process (``time.process_time``): on a shared machine it
leaves out the time spent descheduled, and the BLAS runs single-threaded
(``OPENBLAS_NUM_THREADS=1``), so it is the time of the one thread doing the work. A benchmark
puts its own directory on ``sys.path`` before importing this module, so that it also imports
when the benchmark is loaded from its path (as its tests do).
"""
import statistics
import time

clock = time.process_time


def time_per_call(fn, n):
    """CPU time per call of ``fn`` over ``n`` calls."""
    t0 = clock()
    for _ in range(n):
        fn()
    return (clock() - t0) / n


def interleaved_best(fns, n, repeat):
    """Best per-call time of every function, timed in turns so all see the same load."""
    best = [float('inf')] * len(fns)
    for _ in range(repeat):
        for k, fn in enumerate(fns):
            best[k] = min(best[k], time_per_call(fn, n))
    return best


def paired_medians(ours, floor, n_pairs, group):
    """Medians of the time per call of ``ours`` and ``floor`` and of their ratio.

    The two are timed alternately (``group`` calls per sample, in alternating order), so
    that each pair of samples sees the same machine state; the ratio is floor / ours.
    """
    t_ours, t_floor, ratios = [], [], []
    for i in range(n_pairs):
        if i % 2:
            f = time_per_call(floor, group)
            o = time_per_call(ours, group)
        else:
            o = time_per_call(ours, group)
            f = time_per_call(floor, group)
        t_ours.append(o)
        t_floor.append(f)
        ratios.append(f / o)
    return statistics.median(t_ours), statistics.median(t_floor), statistics.median(ratios)
