"""Recurrent links against the functions they wrap: training steps on CPU in float32.

Each case is a full training step (forward, backward, plain SGD update) of the same model
written twice, measured in the same run and interleaved, as the best CPU time of the process
(``time.process_time``), with ``OPENBLAS_NUM_THREADS=1`` unless set. Before timing, one step
of each side is run from the same parameters and the losses are checked to match.
``ratio`` = link step time / function step time (the cost of the link layer).

* ``lstm``: two ``L.LSTM`` layers of 200 units and an ``L.Linear`` output to 1000 classes
  with softmax cross entropy, batch 20, 35 steps of truncated BPTT on random input vectors
  of size 200; the function side calls ``F.linear`` and ``F.lstm`` on the same parameters.
* ``nstep_lstm``: ``L.NStepLSTM(2, 64, 64)`` on 32 sequences of random lengths 5..29 (in
  random order), the loss the sum of all outputs; the function side calls
  ``F.n_step_lstm`` on the same weights with the sequences already sorted and transposed.

The script only uses Chainer v7's public API, so running it under Chainer v7 gives the
figures to compare with. Prints one JSON line. Usage: ``python tools/bench/rnn_links.py
[--quick]``.
"""
import os

os.environ.setdefault('OPENBLAS_NUM_THREADS', '1')

import json  # noqa: E402
import sys  # noqa: E402

_HERE = os.path.dirname(os.path.abspath(__file__))
if _HERE not in sys.path:  # the shared modules of tools/bench, also when loaded by path
    sys.path.insert(0, _HERE)

import _timing  # noqa: E402
import numpy  # noqa: E402

import chainer  # noqa: E402
import chainer.functions as F  # noqa: E402
import chainer.links as L  # noqa: E402


def _check(name, got, expected, rtol=1e-4, atol=1e-5):
    if not numpy.allclose(got, expected, rtol=rtol, atol=atol):
        raise AssertionError('{}: link and function steps disagree ({} != {})'.format(
            name, got, expected))


def _sgd(params, lr=0.01):
    for p in params:
        if p.grad is not None:
            p.array -= lr * p.grad


def _report(link_time, function_time, **extra):
    result = {'link_ms': round(link_time * 1e3, 3),
              'function_ms': round(function_time * 1e3, 3),
              'ratio': round(link_time / function_time, 3)}
    result.update(extra)
    return result


class _LSTMModel(chainer.Chain):

    def __init__(self, units, n_out):
        super().__init__()
        with self.init_scope():
            self.l1 = L.LSTM(units, units)
            self.l2 = L.LSTM(units, units)
            self.out = L.Linear(units, n_out)

    def loss(self, xs, ts):
        self.l1.reset_state()
        self.l2.reset_state()
        total = 0
        for x, t in zip(xs, ts):
            total += F.softmax_cross_entropy(self.out(self.l2(self.l1(x))), t)
        return total / len(xs)


def _function_loss(model, xs, ts):
    # The same model with F.linear / F.lstm on the link's parameters.
    layers = [model.l1, model.l2]
    cs = [None, None]
    hs = [None, None]
    total = 0
    for x, t in zip(xs, ts):
        h = x
        for k, layer in enumerate(layers):
            z = F.linear(h, layer.upward.W, layer.upward.b)
            if hs[k] is not None:
                z += F.linear(hs[k], layer.lateral.W)
            if cs[k] is None:
                cs[k] = numpy.zeros((len(x), layer.state_size), numpy.float32)
            cs[k], hs[k] = F.lstm(cs[k], z)
            h = hs[k]
        total += F.softmax_cross_entropy(F.linear(h, model.out.W, model.out.b), t)
    return total / len(xs)


def bench_lstm(n, repeat, units=200, n_out=1000, batch=20, bptt=35):
    rng = numpy.random.RandomState(0)
    model = _LSTMModel(units, n_out)
    xs = [rng.uniform(-1, 1, (batch, units)).astype(numpy.float32) for _ in range(bptt)]
    ts = [rng.randint(0, n_out, batch).astype(numpy.int32) for _ in range(bptt)]
    _check('lstm loss', model.loss(xs, ts).array, _function_loss(model, xs, ts).array)
    params = list(model.params())

    def run(loss_fn):
        def step():
            loss = loss_fn(model, xs, ts)
            model.cleargrads()
            loss.backward()
            _sgd(params)
        return step

    link_time, function_time = _timing.interleaved_best(
        [run(_LSTMModel.loss), run(_function_loss)], n, repeat)
    return _report(link_time, function_time,
                   tokens_per_s=round(batch * bptt / link_time))


def bench_nstep_lstm(n, repeat, n_layers=2, size=64, n_seqs=32):
    rng = numpy.random.RandomState(0)
    link = L.NStepLSTM(n_layers, size, size, 0.0)
    lengths = rng.randint(5, 30, n_seqs)
    xs = [rng.uniform(-1, 1, (length, size)).astype(numpy.float32) for length in lengths]
    trans_x = F.transpose_sequence(sorted(xs, key=len, reverse=True))
    zeros = numpy.zeros((n_layers, n_seqs, size), numpy.float32)

    def link_loss():
        _, _, ys = link(None, None, xs)
        return F.sum(F.concat(ys, axis=0))

    def function_loss():
        _, _, ys = F.n_step_lstm(n_layers, 0.0, zeros, zeros, link.ws, link.bs, trans_x)
        return F.sum(F.concat(ys, axis=0))

    _check('nstep_lstm loss', link_loss().array, function_loss().array, rtol=1e-4, atol=1e-3)
    params = list(link.params())

    def run(loss_fn):
        def step():
            loss = loss_fn()
            link.cleargrads()
            loss.backward()
            _sgd(params)
        return step

    link_time, function_time = _timing.interleaved_best(
        [run(link_loss), run(function_loss)], n, repeat)
    return _report(link_time, function_time)


def main(argv):
    quick = '--quick' in argv
    n, repeat = (1, 2) if quick else (3, 5)
    result = {
        'bench': 'rnn_links',
        'chainer': chainer.__version__,
        'numpy': numpy.__version__,
        'openblas_num_threads': os.environ.get('OPENBLAS_NUM_THREADS'),
        'lstm_2x200_b20_bptt35_out1000': bench_lstm(1, repeat),
        'nstep_lstm_2x64_32seqs': bench_nstep_lstm(n, repeat),
    }
    print(json.dumps(result))


if __name__ == '__main__':
    main(sys.argv[1:])
