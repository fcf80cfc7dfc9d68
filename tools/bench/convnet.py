"""ConvNet and LSTM language-model training-step benchmarks (CPU, float32).

* ``cnn``: a CIFAR-shaped CNN on a batch of 64 (3x32x32) images: four
  convolution (3x3, pad 1) - batch normalization - ReLU blocks (32, 32, 64, 64 channels) with
  2x2 max pooling after the 2nd and 4th block, then a linear layer to 10 classes and softmax
  cross entropy. One training step is forward, backward and a plain SGD update of the
  parameters. The floor is the NumPy im2col + GEMM forward/backward (y, gW, gx) of the same
  four convolutions alone, written here without Chainer; ``ratio`` = step time / floor time.
* ``lstm_lm``: an LSTM language model step (EmbedID 10000x200, 2 LSTM layers of 200 units,
  batch 20, 35 steps of truncated BPTT, output linear 200->10000 and softmax cross entropy,
  forward + backward + SGD update), reported in tokens per second.

Only plain ``chainer.functions`` and Variables are used (no links). Prints one JSON line.
Usage: ``python tools/bench/convnet.py [--quick]``.
"""
import json
import sys
import time

import numpy

import chainer
import chainer.functions as F


def _best(fn, n, repeat):
    best = float('inf')
    for _ in range(repeat):
        t0 = time.perf_counter()
        for _ in range(n):
            fn()
        best = min(best, (time.perf_counter() - t0) / n)
    return best


def _missing(*names):
    return [name for name in names if not hasattr(F, name)]


def _param(rng, shape, scale):
    return chainer.Variable((rng.standard_normal(shape) * scale).astype(numpy.float32))


def _sgd(params, lr=0.01):
    for p in params:
        if p.grad is not None:
            p.array -= lr * p.grad
        p.grad = None


# --- CNN ------------------------------------------------------------------------------------

_CHANNELS = (3, 32, 32, 64, 64)


def _cnn_params(rng):
    convs = []
    for c_in, c_out in zip(_CHANNELS[:-1], _CHANNELS[1:]):
        W = _param(rng, (c_out, c_in, 3, 3), (2.0 / (9 * c_in)) ** 0.5)
        gamma = chainer.Variable(numpy.ones(c_out, numpy.float32))
        beta = chainer.Variable(numpy.zeros(c_out, numpy.float32))
        convs.append((W, gamma, beta))
    W_out = _param(rng, (10, _CHANNELS[-1] * 8 * 8), 0.01)
    b_out = chainer.Variable(numpy.zeros(10, numpy.float32))
    return convs, (W_out, b_out)


def _cnn_loss(convs, out, x, t):
    h = x
    for i, (W, gamma, beta) in enumerate(convs):
        h = F.convolution_2d(h, W, pad=1)
        h = F.relu(F.batch_normalization(h, gamma, beta))
        if i % 2 == 1:
            h = F.max_pooling_2d(h, 2)
    return F.softmax_cross_entropy(F.linear(h, *out), t)


def _im2col(x, k, pad):
    n, c, h, w = x.shape
    xp = numpy.pad(x, ((0, 0), (0, 0), (pad, pad), (pad, pad)))
    s = xp.strides
    view = numpy.lib.stride_tricks.as_strided(
        xp, (c, k, k, n, h, w), (s[1], s[2], s[3], s[0], s[2], s[3]), writeable=False)
    return numpy.ascontiguousarray(view).reshape(c * k * k, n * h * w)


def _col2im(gcol, shape, k, pad):
    n, c, h, w = shape
    gcol = gcol.reshape(c, k, k, n, h, w)
    img = numpy.zeros((n, c, h + 2 * pad, w + 2 * pad), gcol.dtype)
    for dy in range(k):
        for dx in range(k):
            img[:, :, dy:dy + h, dx:dx + w] += gcol[:, dy, dx].transpose(1, 0, 2, 3)
    return img[:, :, pad:pad + h, pad:pad + w]


def _conv_floor(xs, Ws, gys):
    # forward y = W col, filter gradient gW = gy col^T, data gradient col2im(W^T gy)
    for x, W, gy in zip(xs, Ws, gys):
        co = W.shape[0]
        col = _im2col(x, 3, 1)
        y = W.reshape(co, -1) @ col
        _ = numpy.ascontiguousarray(y.reshape(co, x.shape[0], *x.shape[2:]).swapaxes(0, 1))
        g = numpy.ascontiguousarray(gy.swapaxes(0, 1)).reshape(co, -1)
        g_t = numpy.ascontiguousarray(gy.transpose(0, 2, 3, 1)).reshape(-1, co)
        _ = (col @ g_t).T
        if x.shape[1] != 3:          # no input gradient for the image itself
            _col2im(W.reshape(co, -1).T @ g, x.shape, 3, 1)


def bench_cnn(n, repeat):
    missing = _missing('batch_normalization', 'softmax_cross_entropy')
    if missing:
        return {'skipped': 'chainer.functions lacks ' + ', '.join(missing)}
    rng = numpy.random.RandomState(0)
    x = rng.standard_normal((64, 3, 32, 32)).astype(numpy.float32)
    t = rng.randint(0, 10, 64).astype(numpy.int32)
    convs, out = _cnn_params(rng)
    params = [p for trio in convs for p in trio] + list(out)

    def step():
        loss = _cnn_loss(convs, out, x, t)
        loss.backward()
        _sgd(params, lr=1e-4)

    # the floor convolves tensors of the shapes the network sees
    xs, gys = [], []
    size = 32
    for i, (c_in, c_out) in enumerate(zip(_CHANNELS[:-1], _CHANNELS[1:])):
        xs.append(rng.standard_normal((64, c_in, size, size)).astype(numpy.float32))
        gys.append(rng.standard_normal((64, c_out, size, size)).astype(numpy.float32))
        if i % 2 == 1:
            size //= 2
    Ws = [W.array for W, _, _ in convs]

    def floor():
        _conv_floor(xs, Ws, gys)

    step()
    floor()
    best_step = best_floor = float('inf')
    for _ in range(repeat):        # interleaved so both see the same machine load
        best_step = min(best_step, _best(step, n, 1))
        best_floor = min(best_floor, _best(floor, n, 1))
    return {'step_ms': round(best_step * 1e3, 2), 'numpy_conv_floor_ms':
            round(best_floor * 1e3, 2), 'ratio': round(best_step / best_floor, 3)}


# --- LSTM language model --------------------------------------------------------------------

def bench_lstm_lm(n, repeat, vocab=10000, units=200, batch=20, bptt=35):
    missing = _missing('softmax_cross_entropy', 'lstm', 'embed_id')
    if missing:
        return {'skipped': 'chainer.functions lacks ' + ', '.join(missing)}
    rng = numpy.random.RandomState(1)
    embed = _param(rng, (vocab, units), 1.0)
    layers = []
    for _ in range(2):
        layers.append((_param(rng, (4 * units, units), units ** -0.5),
                       chainer.Variable(numpy.zeros(4 * units, numpy.float32)),
                       _param(rng, (4 * units, units), units ** -0.5)))
    W_out = _param(rng, (vocab, units), units ** -0.5)
    b_out = chainer.Variable(numpy.zeros(vocab, numpy.float32))
    params = [embed, W_out, b_out] + [p for layer in layers for p in layer]
    words = rng.randint(0, vocab, (bptt + 1, batch)).astype(numpy.int32)

    def step():
        hs = [None, None]
        cs = [chainer.Variable(numpy.zeros((batch, units), numpy.float32)) for _ in range(2)]
        loss = 0
        for t in range(bptt):
            h = F.embed_id(words[t], embed)
            for i, (Wx, bx, Wh) in enumerate(layers):
                z = F.linear(h, Wx, bx)
                if hs[i] is not None:
                    z = z + F.linear(hs[i], Wh)
                cs[i], hs[i] = F.lstm(cs[i], z)
                h = hs[i]
            loss = loss + F.softmax_cross_entropy(F.linear(h, W_out, b_out), words[t + 1])
        (loss / bptt).backward()
        _sgd(params, lr=0.1)

    step()
    seconds = _best(step, n, repeat)
    return {'step_ms': round(seconds * 1e3, 1),
            'tokens_per_s': round(batch * bptt / seconds, 1)}


def main(argv):
    quick = '--quick' in argv
    n, repeat = (1, 2) if quick else (3, 3)
    result = {
        'bench': 'convnet',
        'numpy': numpy.__version__,
        'cnn_cifar_b64_train_step': bench_cnn(n, repeat),
        'lstm_lm_10000x200_2layers_b20_bptt35': bench_lstm_lm(1, repeat),
    }
    print(json.dumps(result))


if __name__ == '__main__':
    main(sys.argv[1:])
