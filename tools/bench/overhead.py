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
import json
import os
import sys

_HERE = os.path.dirname(os.path.abspath(__file__))
if _HERE not in sys.path:  # the shared modules of tools/bench, also when loaded by path
    sys.path.insert(0, _HERE)

import _op_chain  # noqa: E402
import _timing  # noqa: E402
import numpy  # noqa: E402

import chainer  # noqa: E402
import chainer.functions as F  # noqa: E402

_params = _op_chain.params
numpy_step = _op_chain.numpy_step


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


def _paired_times(n_ops, repeat):
    mul, add = _params(n_ops)
    x = numpy.ones(10, numpy.float32)
    mul_vars = [chainer.Parameter(a) for a in mul]
    add_vars = [chainer.Parameter(b) for b in add]
    t_chainer, t_numpy = _timing.interleaved_best(
        [lambda: chainer_step(x, mul_vars, add_vars), lambda: numpy_step(x, mul, add)],
        _op_chain.number_of_calls(n_ops), repeat)
    return t_chainer / n_ops * 1e6, t_numpy / n_ops * 1e6


def measure(n_ops, repeat=5):
    return _op_chain.measure('chainer', _paired_times, n_ops, repeat)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--sizes', type=int, nargs='+', default=[200, 2000])
    args = parser.parse_args()
    print(json.dumps({'bench': 'overhead', 'results': [measure(n) for n in args.sizes]}))


if __name__ == '__main__':
    main()
