"""Per-op overhead of ChainerX graphs: a chain of small elementwise ops, forward + backward.

The chain alternates ``h = h * a_i`` and ``h = h + b_i`` on (10,) float32 ChainerX arrays,
where ``a_i``/``b_i`` require gradients, and backprops from ``sum(h)``. The floor is the same
math written plainly in NumPy (forward products/sums, then the hand-derived backward pass), as
in ``overhead.py``. Prints one JSON line: microseconds per op for both, and their ratio, for
each chain length (also with CPython's cyclic garbage collector paused, ``*_gc_off``).

Usage: OPENBLAS_NUM_THREADS=1 python tools/bench/chainerx_overhead.py [--sizes 200 2000]
"""
import argparse
import gc
import json
import time

import numpy

import chainerx


def _params(n, size=10):
    rng = numpy.random.RandomState(0)
    mul = [rng.uniform(0.9, 1.1, size).astype(numpy.float32) for _ in range(n // 2)]
    add = [rng.uniform(-0.1, 0.1, size).astype(numpy.float32) for _ in range(n - n // 2)]
    return mul, add


def chainerx_step(x, mul_arrays, add_arrays):
    """Forward chain and backward with ChainerX arrays; returns the gradients."""
    h = x
    for a, b in zip(mul_arrays, add_arrays):
        h = h * a
        h = h + b
    loss = h.sum()
    for v in mul_arrays:
        v.cleargrad()
    for v in add_arrays:
        v.cleargrad()
    loss.backward()
    return [v.grad for v in mul_arrays], [v.grad for v in add_arrays]


def numpy_step(x, mul, add):
    """The same math in plain NumPy; returns the gradients (b's and a's, last first)."""
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


def _time_once(fn, number):
    start = time.process_time()
    for _ in range(number):
        fn()
    return (time.process_time() - start) / number


def _paired_times(n_ops, repeat):
    mul, add = _params(n_ops)
    x = numpy.ones(10, numpy.float32)
    x_chx = chainerx.array(x)
    mul_arrays = [chainerx.array(a).require_grad() for a in mul]
    add_arrays = [chainerx.array(b).require_grad() for b in add]
    number = max(1, 4000 // n_ops)
    t_chx = t_numpy = float('inf')
    for _ in range(repeat):  # alternate the two so that load changes hit both alike
        t_chx = min(t_chx, _time_once(lambda: chainerx_step(x_chx, mul_arrays, add_arrays),
                                      number))
        t_numpy = min(t_numpy, _time_once(lambda: numpy_step(x, mul, add), number))
    return t_chx / n_ops * 1e6, t_numpy / n_ops * 1e6


def measure(n_ops, repeat=5):
    """Returns the figures of one chain length."""
    chx_us, numpy_us = _paired_times(n_ops, repeat)
    gc.disable()
    try:
        chx_us_gc_off, numpy_us_gc_off = _paired_times(n_ops, repeat)
    finally:
        gc.enable()
    return {
        'ops': n_ops,
        'chainerx_us_per_op': round(chx_us, 3),
        'numpy_us_per_op': round(numpy_us, 3),
        'ratio': round(chx_us / numpy_us, 2),
        'chainerx_us_per_op_gc_off': round(chx_us_gc_off, 3),
        'ratio_gc_off': round(chx_us_gc_off / numpy_us_gc_off, 2),
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--sizes', type=int, nargs='+', default=[200, 2000])
    args = parser.parse_args()
    print(json.dumps({'bench': 'chainerx_overhead', 'results': [measure(n) for n in args.sizes]}))


if __name__ == '__main__':
    main()
