"""The MLP of ``mlp.py`` and ``links.py`` on ``chainer.Parameter`` pairs used with
``F.linear``, its initial values and its minibatches (not a benchmark itself)."""
import math

import numpy

import chainer
import chainer.functions as F


def init_params(sizes, seed):
    """He-normal weights and small uniform biases ``[W0, b0, W1, b1, ...]`` of an MLP."""
    rng = numpy.random.RandomState(seed)
    params = []
    for n_in, n_out in zip(sizes[:-1], sizes[1:]):
        params.append((rng.standard_normal((n_out, n_in)) * math.sqrt(2.0 / n_in))
                      .astype(numpy.float32))
        params.append(rng.uniform(-0.1, 0.1, n_out).astype(numpy.float32))
    return params


class Batches:
    """A fixed cycle of random minibatches (both sides of a benchmark see the same sequence).

    Training on one fixed batch drives the loss and gradients towards 0 and the optimizer
    states into float32 denormals, whose slow arithmetic would dominate the timings.
    """

    def __init__(self, shape, n_out, seed, n_batches=32):
        rng = numpy.random.RandomState(seed)
        self.batches = [(rng.standard_normal(shape).astype(numpy.float32),
                         rng.randint(0, n_out, shape[0]).astype(numpy.int32))
                        for _ in range(n_batches)]
        self.i = 0

    def next(self):
        self.i = (self.i + 1) % len(self.batches)
        return self.batches[self.i]


class FunctionMLP(chainer.Chain):
    """ReLU MLP whose layers are ``chainer.Parameter`` pairs used with ``F.linear``."""

    def __init__(self, arrays):
        super().__init__()
        self.names = [('W{}'.format(i), 'b{}'.format(i)) for i in range(len(arrays) // 2)]
        with self.init_scope():
            for i, (w, b) in enumerate(self.names):
                setattr(self, w, chainer.Parameter(arrays[2 * i].copy()))
                setattr(self, b, chainer.Parameter(arrays[2 * i + 1].copy()))

    def forward(self, x):
        h = x
        for w, b in self.names[:-1]:
            h = F.relu(F.linear(h, getattr(self, w), getattr(self, b)))
        w, b = self.names[-1]
        return F.linear(h, getattr(self, w), getattr(self, b))

    def parameters(self):
        """The parameters in the order ``W0, b0, W1, b1, ...``."""
        return [getattr(self, name) for pair in self.names for name in pair]

    def arrays(self):
        """The parameter arrays in the order ``W0, b0, W1, b1, ...``."""
        return [p.array for p in self.parameters()]
