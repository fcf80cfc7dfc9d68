"""MLP optimizer benchmark: Chainer optimizers against a NumPy-only floor of the same math.

Measures, on CPU, with float32:

* the optimizer update time per step of MomentumSGD and Adam for the 784-1000-1000-10 MLP
  (the parameters of a ``chainer.Chain`` used with ``F.linear``; the gradients of one
  backward pass of a batch of 100 are reused), next to the same update written in plain
  NumPy on the same arrays;
* a full Adam training step (forward, backward, update) of a 784-100-10 MLP on a batch of
  one example, next to a hand-written NumPy forward/backward/update.

Prints one JSON line; ``ratio`` is Chainer time / NumPy time (measured in the same run).
Usage: ``python tools/bench/mlp.py [--quick]``.
"""

import json
import math
import sys
import time

import numpy

import chainer
import chainer.functions as F
from chainer import optimizers


class MLP(chainer.Chain):
    """MLP whose layers are parameters used with ``F.linear`` (no ``chainer.links``)."""

    def __init__(self, sizes, seed=0):
        super().__init__()
        rng = numpy.random.RandomState(seed)
        self.n_layers = len(sizes) - 1
        with self.init_scope():
            for i, (n_in, n_out) in enumerate(zip(sizes[:-1], sizes[1:])):
                scale = math.sqrt(2.0 / n_in)
                setattr(self, 'W{}'.format(i), chainer.Parameter(
                    (rng.standard_normal((n_out, n_in)) * scale).astype(numpy.float32)))
                setattr(self, 'b{}'.format(i), chainer.Parameter(
                    numpy.zeros(n_out, dtype=numpy.float32)))

    def layers(self):
        return [(getattr(self, 'W{}'.format(i)), getattr(self, 'b{}'.format(i)))
                for i in range(self.n_layers)]

    def forward(self, x):
        h = x
        for i, (W, b) in enumerate(self.layers()):
            h = F.linear(h, W, b)
            if i + 1 < self.n_layers:
                h = F.relu(h)
        return h


def _best_per_call(fn, n, repeat):
    best = float('inf')
    for _ in range(repeat):
        t0 = time.perf_counter()
        for _ in range(n):
            fn()
        best = min(best, (time.perf_counter() - t0) / n)
    return best


def _compare(ours, floor, n, repeat):
    # Interleave the two measurements so that both see the same machine load.
    best_ours = best_floor = float('inf')
    for _ in range(repeat):
        best_ours = min(best_ours, _best_per_call(ours, n, 1))
        best_floor = min(best_floor, _best_per_call(floor, n, 1))
    return {'chainer_ms': round(best_ours * 1e3, 4), 'numpy_ms': round(best_floor * 1e3, 4),
            'ratio': round(best_ours / best_floor, 3)}


# --- NumPy floors -------------------------------------------------------------------------

def _momentum_floor(params, grads, states, lr=0.01, momentum=0.9):
    for p, g, v in zip(params, grads, states):
        v *= momentum
        v -= lr * g
        p += v


class _AdamFloor:
    def __init__(self, params, alpha=0.001, beta1=0.9, beta2=0.999, eps=1e-8):
        self.params = params
        self.m = [numpy.zeros_like(p) for p in params]
        self.v = [numpy.zeros_like(p) for p in params]
        self.alpha, self.beta1, self.beta2, self.eps = alpha, beta1, beta2, eps
        self.t = 0

    def update(self, grads):
        self.t += 1
        b1, b2 = self.beta1, self.beta2
        alpha_t = self.alpha * math.sqrt(1 - b2 ** self.t) / (1 - b1 ** self.t)
        for p, g, m, v in zip(self.params, grads, self.m, self.v):
            m += (1 - b1) * (g - m)
            v += (1 - b2) * (g * g - v)
            p -= alpha_t * m / (numpy.sqrt(v) + self.eps)


def _numpy_step(params, adam, x, t):
    # forward / backward of relu MLP + softmax cross entropy, then the Adam update
    (W0, b0), (W1, b1) = params[0:2], params[2:4]
    h = x @ W0.T + b0
    numpy.maximum(h, 0, out=h)
    y = h @ W1.T + b1
    y -= y.max(axis=1, keepdims=True)
    e = numpy.exp(y)
    e /= e.sum(axis=1, keepdims=True)
    gy = e
    gy[numpy.arange(len(t)), t] -= 1
    gy /= len(t)
    gW1 = gy.T @ h
    gb1 = gy.sum(axis=0)
    gh = gy @ W1
    gh *= h > 0
    gW0 = gh.T @ x
    gb0 = gh.sum(axis=0)
    adam.update([gW0, gb0, gW1, gb1])


# --- benchmarks ---------------------------------------------------------------------------

def bench_update(opt_name, n, repeat):
    model = MLP((784, 1000, 1000, 10))
    rng = numpy.random.RandomState(1)
    x = rng.standard_normal((100, 784)).astype(numpy.float32)
    t = rng.randint(0, 10, 100).astype(numpy.int32)
    loss = F.softmax_cross_entropy(model(x), t)
    model.cleargrads()
    loss.backward()
    params = [p for _, p in sorted(model.namedparams())]
    if opt_name == 'MomentumSGD':
        opt = optimizers.MomentumSGD(lr=1e-6)
    else:
        opt = optimizers.Adam(alpha=1e-6)
    opt.setup(model)

    f_params = [p.array.copy() for p in params]
    f_grads = [p.grad.copy() for p in params]
    if opt_name == 'MomentumSGD':
        f_states = [numpy.zeros_like(p) for p in f_params]

        def floor():
            _momentum_floor(f_params, f_grads, f_states, lr=1e-6)
    else:
        adam = _AdamFloor(f_params, alpha=1e-6)

        def floor():
            adam.update(f_grads)

    opt.update()  # allocate states
    floor()
    return _compare(opt.update, floor, n, repeat)


def bench_adam_step_batch1(n, repeat):
    model = MLP((784, 100, 10), seed=2)
    opt = optimizers.Adam(alpha=1e-4).setup(model)
    rng = numpy.random.RandomState(3)
    x = rng.standard_normal((1, 784)).astype(numpy.float32)
    t = numpy.array([3], dtype=numpy.int32)

    def lossfun(x, t):
        return F.softmax_cross_entropy(model(x), t)

    def ours():
        opt.update(lossfun, x, t)

    params = [p.array.copy() for pair in model.layers() for p in pair]
    adam = _AdamFloor(params, alpha=1e-4)

    def floor():
        _numpy_step(params, adam, x, t)

    ours()
    floor()
    return _compare(ours, floor, n, repeat)


def main(argv):
    quick = '--quick' in argv
    n_big, r_big = (3, 2) if quick else (10, 5)
    n_small, r_small = (50, 2) if quick else (300, 5)
    result = {
        'bench': 'mlp_optimizers',
        'numpy': numpy.__version__,
        'update_784-1000-1000-10_b100': {
            'MomentumSGD': bench_update('MomentumSGD', n_big, r_big),
            'Adam': bench_update('Adam', n_big, r_big),
        },
        'adam_train_step_784-100-10_b1': bench_adam_step_batch1(n_small, r_small),
    }
    print(json.dumps(result))


if __name__ == '__main__':
    main(sys.argv[1:])
