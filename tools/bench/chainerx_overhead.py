"""Per-op overhead of ChainerX graphs: a chain of small elementwise ops, forward + backward.

The chain alternates ``h = h * a_i`` and ``h = h + b_i`` on (10,) float32 ChainerX arrays,
where ``a_i``/``b_i`` require gradients, and backprops from ``sum(h)``. The floor is the same
math written plainly in NumPy (forward products/sums, then the hand-derived backward pass), as
in ``overhead.py``. Prints one JSON line: microseconds per op for both, and their ratio, for
each chain length (also with CPython's cyclic garbage collector paused, ``*_gc_off``).

Usage: OPENBLAS_NUM_THREADS=1 python tools/bench/chainerx_overhead.py [--sizes 200 2000]
"""
import argparse
import json
import os
import sys

_HERE = os.path.dirname(os.path.abspath(__file__))
if _HERE not in sys.path:  # the shared modules of tools/bench, also when loaded by path
    sys.path.insert(0, _HERE)

import _op_chain  # noqa: E402
import _timing  # noqa: E402
import numpy  # noqa: E402

import chainerx  # noqa: E402

_params = _op_chain.params
numpy_step = _op_chain.numpy_step


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


def _paired_times(n_ops, repeat):
    mul, add = _params(n_ops)
    x = numpy.ones(10, numpy.float32)
    x_chx = chainerx.array(x)
    mul_arrays = [chainerx.array(a).require_grad() for a in mul]
    add_arrays = [chainerx.array(b).require_grad() for b in add]
    t_chx, t_numpy = _timing.interleaved_best(
        [lambda: chainerx_step(x_chx, mul_arrays, add_arrays), lambda: numpy_step(x, mul, add)],
        _op_chain.number_of_calls(n_ops), repeat)
    return t_chx / n_ops * 1e6, t_numpy / n_ops * 1e6


def measure(n_ops, repeat=5):
    """Returns the figures of one chain length."""
    return _op_chain.measure('chainerx', _paired_times, n_ops, repeat)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--sizes', type=int, nargs='+', default=[200, 2000])
    args = parser.parse_args()
    print(json.dumps({'bench': 'chainerx_overhead', 'results': [measure(n) for n in args.sizes]}))


if __name__ == '__main__':
    main()
