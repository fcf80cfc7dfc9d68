"""The op chain of ``overhead.py`` and ``chainerx_overhead.py`` (not a benchmark itself).

A chain alternating ``h = h * a_i`` and ``h = h + b_i`` on (10,) float32 arrays, backpropped
from ``sum(h)``; its floor is the same math written plainly in NumPy (forward products/sums,
then the hand-derived backward pass).
"""
import gc

import numpy


def params(n, size=10):
    """The NumPy values of the ``a_i`` (``n // 2``) and ``b_i`` of a chain of ``n`` ops."""
    rng = numpy.random.RandomState(0)
    mul = [rng.uniform(0.9, 1.1, size).astype(numpy.float32) for _ in range(n // 2)]
    add = [rng.uniform(-0.1, 0.1, size).astype(numpy.float32) for _ in range(n - n // 2)]
    return mul, add


def numpy_step(x, mul, add):
    """The chain in plain NumPy; returns the gradients (b's and a's, last first)."""
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


def number_of_calls(n_ops):
    """Calls per timing sample of a chain of ``n_ops`` ops."""
    return max(1, 4000 // n_ops)


def measure(framework, paired_times, n_ops, repeat):
    """The figures of one chain length.

    ``paired_times(n_ops, repeat)`` returns the microseconds per op of ``framework`` and of
    the NumPy floor; they are measured as they are and with CPython's cyclic garbage
    collector paused (``*_gc_off``).
    """
    ours_us, numpy_us = paired_times(n_ops, repeat)
    gc.disable()
    try:
        ours_us_gc_off, numpy_us_gc_off = paired_times(n_ops, repeat)
    finally:
        gc.enable()
    return {
        'ops': n_ops,
        framework + '_us_per_op': round(ours_us, 3),
        'numpy_us_per_op': round(numpy_us, 3),
        'ratio': round(ours_us / numpy_us, 2),
        framework + '_us_per_op_gc_off': round(ours_us_gc_off, 3),
        'ratio_gc_off': round(ours_us_gc_off / numpy_us_gc_off, 2),
    }
