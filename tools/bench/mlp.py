"""MLP training-step benchmark: Chainer against a NumPy floor of the same math.

Every number is a full training step on CPU in float32: forward (``F.linear`` + ``F.relu``
per hidden layer, ``F.linear``, ``F.softmax_cross_entropy``), backward, and the optimizer
update. The floor is the same math written plainly in NumPy (one forward, the hand-derived
backward, and the textbook in-place update of each optimizer), measured in the same run with
the two interleaved so that both see the same machine load.

Reported (one JSON line):

* ``a_adam_784-100-10_b1``: Adam step of a 784-100-10 MLP on a batch of 1, with
  ``optimizer.update(lossfun, x, t)`` on a ``chainer.Chain`` (goal: ``speed >= 0.45``);
* ``b_adam_784-1000-1000-10_b100`` and ``b_momentum_sgd_784-1000-1000-10_b100``: the same
  for a 784-1000-1000-10 MLP on a batch of 100 (goal: ``speed > 1``);
* ``sgd_raw_784-100-10_b1``: iterations/s of a hand-written SGD step on raw ``F.linear`` and
  ``chainer.Parameter`` objects (``cleargrad``, ``backward``, ``p.array -= lr * p.grad``).

``speed`` is NumPy time / Chainer time (1.0 = as fast as the NumPy floor): the median of the
ratios of alternately timed pairs of samples (CPU time of the process, so that time spent
descheduled on a shared machine does not count); ``*_ms`` are the median times per step.
Before timing, one step of each side is run from the same initial values and the results are
checked to match. Both sides train on the same cycle of 32 random minibatches.

Usage: ``python tools/bench/mlp.py [--quick]`` (sets ``OPENBLAS_NUM_THREADS=1`` unless set).
"""

import os

os.environ.setdefault('OPENBLAS_NUM_THREADS', '1')

import json  # noqa: E402
import math  # noqa: E402
import sys  # noqa: E402

_HERE = os.path.dirname(os.path.abspath(__file__))
if _HERE not in sys.path:  # the shared modules of tools/bench, also when loaded by path
    sys.path.insert(0, _HERE)

import _mlp_model  # noqa: E402
import _timing  # noqa: E402
import numpy  # noqa: E402

import chainer  # noqa: E402
import chainer.functions as F  # noqa: E402
from chainer import optimizers  # noqa: E402


# --- Chainer side (the MLP: _mlp_model.FunctionMLP) -----------------------------------------

class Classifier(chainer.Chain):
    """Loss of the predictor (``F.softmax_cross_entropy``), as ``L.Classifier`` computes it."""

    def __init__(self, predictor):
        super().__init__()
        with self.init_scope():
            self.predictor = predictor

    def forward(self, x, t):
        return F.softmax_cross_entropy(self.predictor(x), t)


# --- NumPy floor ----------------------------------------------------------------------------

def numpy_grads(params, x, t):
    """Loss and gradients of a relu MLP with softmax cross entropy, written plainly."""
    n_layers = len(params) // 2
    hs = [x]
    h = x
    for i in range(n_layers):
        h = h @ params[2 * i].T + params[2 * i + 1]
        if i < n_layers - 1:
            h = numpy.maximum(h, 0)
            hs.append(h)
    n = len(t)
    y = h - h.max(axis=1, keepdims=True)
    e = numpy.exp(y)
    s = e.sum(axis=1, keepdims=True)
    loss = -(y[numpy.arange(n), t] - numpy.log(s[:, 0])).mean()
    gy = e / s
    gy[numpy.arange(n), t] -= 1
    gy /= n
    grads = [None] * len(params)
    for i in reversed(range(n_layers)):
        h_in = hs[i]
        grads[2 * i] = gy.T @ h_in
        grads[2 * i + 1] = gy.sum(axis=0)
        if i > 0:
            gy = (gy @ params[2 * i]) * (h_in > 0)
    return loss, grads


class NumpySGD:
    def __init__(self, params, lr):
        self.params, self.lr = params, lr

    def update(self, grads):
        for p, g in zip(self.params, grads):
            p -= self.lr * g


class NumpyMomentumSGD:
    def __init__(self, params, lr, momentum=0.9):
        self.params, self.lr, self.momentum = params, lr, momentum
        self.v = [numpy.zeros_like(p) for p in params]

    def update(self, grads):
        for p, g, v in zip(self.params, grads, self.v):
            v *= self.momentum
            v -= self.lr * g
            p += v


class NumpyAdam:
    def __init__(self, params, alpha, beta1=0.9, beta2=0.999, eps=1e-8):
        self.params = params
        self.alpha, self.beta1, self.beta2, self.eps = alpha, beta1, beta2, eps
        self.m = [numpy.zeros_like(p) for p in params]
        self.v = [numpy.zeros_like(p) for p in params]
        self.t = 0

    def update(self, grads):
        self.t += 1
        b1, b2 = self.beta1, self.beta2
        alpha_t = self.alpha * math.sqrt(1 - b2 ** self.t) / (1 - b1 ** self.t)
        for p, g, m, v in zip(self.params, grads, self.m, self.v):
            m += (1 - b1) * (g - m)
            v += (1 - b2) * (g * g - v)
            p -= alpha_t * m / (numpy.sqrt(v) + self.eps)


def _check_close(name, ours, floor):
    for a, b in zip(ours, floor):
        if not numpy.allclose(a, b, rtol=1e-3, atol=1e-5):
            raise AssertionError('{}: Chainer and the NumPy floor disagree'.format(name))


def bench_step(sizes, batch, opt_name, n_pairs, group, seed=0):
    init = _mlp_model.init_params(sizes, seed)
    data_c = _mlp_model.Batches((batch, sizes[0]), sizes[-1], seed + 1)
    data_f = _mlp_model.Batches((batch, sizes[0]), sizes[-1], seed + 1)
    model = Classifier(_mlp_model.FunctionMLP(init))
    params = [a.copy() for a in init]
    if opt_name == 'Adam':
        opt = optimizers.Adam(alpha=1e-4)
        floor_opt = NumpyAdam(params, alpha=1e-4)
    else:
        opt = optimizers.MomentumSGD(lr=1e-3)
        floor_opt = NumpyMomentumSGD(params, lr=1e-3)
    opt.setup(model)

    def ours():
        opt.update(model, *data_c.next())

    def floor():
        _, grads = numpy_grads(params, *data_f.next())
        floor_opt.update(grads)

    ours()
    floor()
    _check_close(opt_name, model.predictor.arrays(), params)
    c, f, speed = _timing.paired_medians(ours, floor, n_pairs, group)
    return {'chainer_ms': round(c * 1e3, 4), 'numpy_ms': round(f * 1e3, 4),
            'speed': round(speed, 3)}


def bench_raw_sgd(sizes, batch, n_pairs, group, lr=1e-3, seed=0):
    init = _mlp_model.init_params(sizes, seed)
    data_c = _mlp_model.Batches((batch, sizes[0]), sizes[-1], seed + 1)
    data_f = _mlp_model.Batches((batch, sizes[0]), sizes[-1], seed + 1)
    ps = [chainer.Parameter(a.copy()) for a in init]
    n_layers = len(ps) // 2
    params = [a.copy() for a in init]
    floor_opt = NumpySGD(params, lr)

    def ours():
        x, t = data_c.next()
        h = x
        for i in range(n_layers):
            h = F.linear(h, ps[2 * i], ps[2 * i + 1])
            if i < n_layers - 1:
                h = F.relu(h)
        loss = F.softmax_cross_entropy(h, t)
        for p in ps:
            p.cleargrad()
        loss.backward()
        for p in ps:
            p.array -= lr * p.grad

    def floor():
        _, grads = numpy_grads(params, *data_f.next())
        floor_opt.update(grads)

    ours()
    floor()
    _check_close('SGD', [p.array for p in ps], params)
    c, f, speed = _timing.paired_medians(ours, floor, n_pairs, group)
    return {'chainer_it_per_s': round(1.0 / c, 1), 'numpy_it_per_s': round(1.0 / f, 1),
            'speed': round(speed, 3)}


def main(argv):
    quick = '--quick' in argv
    # (pairs of samples, calls per sample)
    n_big, g_big = (6, 1) if quick else (60, 1)
    n_small, g_small = (20, 10) if quick else (200, 10)
    small, big = (784, 100, 10), (784, 1000, 1000, 10)
    result = {
        'bench': 'mlp_train_step',
        'numpy': numpy.__version__,
        'openblas_threads': os.environ.get('OPENBLAS_NUM_THREADS'),
        'a_adam_784-100-10_b1': bench_step(small, 1, 'Adam', n_small, g_small),
        'b_adam_784-1000-1000-10_b100': bench_step(big, 100, 'Adam', n_big, g_big),
        'b_momentum_sgd_784-1000-1000-10_b100': bench_step(
            big, 100, 'MomentumSGD', n_big, g_big),
        'sgd_raw_784-100-10_b1': bench_raw_sgd(small, 1, n_small, g_small),
    }
    print(json.dumps(result))


if __name__ == '__main__':
    main(sys.argv[1:])
