"""Per-op framework overhead: a chain of small elementwise ops, forward + backward.

The chain alternates ``h = h * a_i`` and ``h = h + b_i`` on (10,) float32 arrays, where
``a_i``/``b_i`` are parameters, and backprops from ``sum(h)``. The floor is the same math
written plainly in NumPy (forward products/sums, then the hand-derived backward pass).
Prints one JSON line: microseconds per op for both, and their ratio, for each chain length.
Each size is also measured with CPython's cyclic garbage collector paused (``*_gc_off``):
the graph of a long chain keeps thousands of objects alive, and the collector's passes over
them are the part of the per-op cost that grows with the chain, not the engine's own work.

Usage: OPENBLAS_NUM_THREADS=1 python tools/bench/overhead.py [--sizes 200 2000]
"""
import argparse
import gc
import json
import time

import numpy

import chainer
import chainer.functions as F


def _params(n, size=10):
    rng = numpy.random.RandomState(0)
    mul = [rng.uniform(0.9, 1.1, size).astype(numpy.float32) for _ in range(n // 2)]
    add = [rng.uniform(-0.1, 0.1, size).astype(numpy.float32) for _ in range(n - n // 2)]
    return mul, add


def chainer_step(x, mul_vars, add_vars):
    h = x
    for a, b in zip(mul_vars, add_vars):
        h = h * a
        h = h + b
    loss = F.sum(h)
    for v in mul_vars:
        v.cleargrad()
    for v in add_vars:
        v.cleargrad()
    loss.backward()


def numpy_step(x, mul, add):
    hs = []
    h = x
    for a, b in zip(mul, add):
        hs.append(h)
        h = h * a
        h = h + b
    gh = numpy.ones_like(h)
    grads = []
    for h_prev, a in zip(reversed(hs), reversed(mul)):
        grads.append(gh)              # grad of b (identity)
        grads.append(gh * h_prev)     # grad of a
        gh = gh * a                   # grad flowing to h_prev
    return grads


def _best_time(fn, repeat, number):
    # process CPU time: steadier than wall time on a shared machine
    best = float('inf')
    for _ in range(repeat):
        start = time.process_time()
        for _ in range(number):
            fn()
        best = min(best, (time.process_time() - start) / number)
    return best


def _paired_times(n_ops, repeat):
    mul, add = _params(n_ops)
    x = numpy.ones(10, numpy.float32)
    mul_vars = [chainer.Parameter(a) for a in mul]
    add_vars = [chainer.Parameter(b) for b in add]
    number = max(1, 4000 // n_ops)
    t_chainer = t_numpy = float('inf')
    for _ in range(repeat):  # alternate the two so that load changes hit both alike
        t_chainer = min(t_chainer,
                        _best_time(lambda: chainer_step(x, mul_vars, add_vars), 1, number))
        t_numpy = min(t_numpy, _best_time(lambda: numpy_step(x, mul, add), 1, number))
    return t_chainer / n_ops * 1e6, t_numpy / n_ops * 1e6


def measure(n_ops, repeat=5):
    chainer_us, numpy_us = _paired_times(n_ops, repeat)
    gc.disable()
    try:
        chainer_us_gc_off, numpy_us_gc_off = _paired_times(n_ops, repeat)
    finally:
        gc.enable()
    return {
        'ops': n_ops,
        'chainer_us_per_op': round(chainer_us, 3),
        'numpy_us_per_op': round(numpy_us, 3),
        'ratio': round(chainer_us / numpy_us, 2),
        'chainer_us_per_op_gc_off': round(chainer_us_gc_off, 3),
        'ratio_gc_off': round(chainer_us_gc_off / numpy_us_gc_off, 2),
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--sizes', type=int, nargs='+', default=[200, 2000])
    args = parser.parse_args()
    print(json.dumps({'bench': 'overhead', 'results': [measure(n) for n in args.sizes]}))


if __name__ == '__main__':
    main()
