"""Does ``chainer.static_graph`` make a training step faster?

The same small MLP chain (parameters used through ``F.linear``, ``F.relu`` between layers,
``F.softmax_cross_entropy``) is trained with plain SGD twice: once with its ``forward``
decorated by ``@chainer.static_graph``, once undecorated. Both start from the same values
and see the same minibatches; their losses are checked to match before timing.

A step is forward, backward and the parameter update. ``speedup`` is undecorated time /
decorated time (above 1: the static graph is faster), the median of the ratios of alternately
timed pairs of samples (process CPU time); ``*_us`` are median step times.

Prints one JSON line. Usage: ``python tools/bench/static_graph.py [--quick]``.
"""

import os

os.environ.setdefault('OPENBLAS_NUM_THREADS', '1')

import json  # noqa: E402
import statistics  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402

import numpy  # noqa: E402

import chainer  # noqa: E402
import chainer.functions as F  # noqa: E402

_SIZES = (64, 32, 32, 10)
_BATCH = 8


class _MLP(chainer.Chain):

    def __init__(self):
        super().__init__()
        rng = numpy.random.RandomState(0)
        with self.init_scope():
            self.weights = []
            for i, (n_in, n_out) in enumerate(zip(_SIZES[:-1], _SIZES[1:])):
                W = chainer.Parameter(
                    rng.uniform(-1, 1, (n_out, n_in)).astype(numpy.float32) / n_in ** 0.5)
                b = chainer.Parameter(numpy.zeros(n_out, numpy.float32))
                setattr(self, 'W%d' % i, W)
                setattr(self, 'b%d' % i, b)
                self.weights.append((W, b))

    def compute(self, x, t):
        h = x
        for i, (W, b) in enumerate(self.weights):
            h = F.linear(h, W, b)
            if i < len(self.weights) - 1:
                h = F.relu(h)
        return F.softmax_cross_entropy(h, t)


class _Static(_MLP):

    @chainer.static_graph
    def forward(self, x, t):
        return self.compute(x, t)


class _Plain(_MLP):

    def forward(self, x, t):
        return self.compute(x, t)


def _batches(n):
    rng = numpy.random.RandomState(1)
    return [(rng.uniform(-1, 1, (_BATCH, _SIZES[0])).astype(numpy.float32),
             rng.randint(0, _SIZES[-1], _BATCH).astype(numpy.int32)) for _ in range(n)]


def _step(model, x, t):
    model.cleargrads()
    loss = model(x, t)
    loss.backward()
    for p in model.params():
        p.array -= 0.01 * p.grad
    return float(loss.array)


def _time(model, batches, repeat):
    start = time.process_time()
    for _ in range(repeat):
        for x, t in batches:
            _step(model, x, t)
    return (time.process_time() - start) / (repeat * len(batches))


def main():
    quick = '--quick' in sys.argv
    samples = 5 if quick else 15
    repeat = 3 if quick else 10
    batches = _batches(16)
    static, plain = _Static(), _Plain()
    for x, t in batches[:3]:
        a, b = _step(static, x, t), _step(plain, x, t)
        if abs(a - b) > 1e-5 * max(1.0, abs(b)):
            raise AssertionError('static and plain losses differ: {} != {}'.format(a, b))
    ratios, static_times, plain_times = [], [], []
    for _ in range(samples):
        t_static = _time(static, batches, repeat)
        t_plain = _time(plain, batches, repeat)
        static_times.append(t_static)
        plain_times.append(t_plain)
        ratios.append(t_plain / t_static)
    print(json.dumps({
        'bench': 'static_graph',
        'mlp': '-'.join(str(s) for s in _SIZES), 'batch': _BATCH,
        'static_us': round(statistics.median(static_times) * 1e6, 1),
        'plain_us': round(statistics.median(plain_times) * 1e6, 1),
        'speedup': round(statistics.median(ratios), 3),
    }))


if __name__ == '__main__':
    main()
