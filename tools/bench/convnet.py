"""ConvNet and LSTM language-model training steps: Chainer against NumPy floors of the same math.

Every number is a full training step on CPU in float32 (forward, backward and a plain SGD
update of the parameters), with ``OPENBLAS_NUM_THREADS=1`` unless set, timed as the best CPU
time of the process (``time.process_time``: robust to other load on a shared machine). The
floors are the same steps hand-written in plain NumPy, measured in the same run and
interleaved with the Chainer steps; ``ratio`` = Chainer time / floor time.
Before timing, one step of each side is run from the same parameters and the losses and
gradients are checked to match.

* ``cnn``: a CIFAR-shaped CNN on a batch of 64 (3x32x32) images: four convolution (3x3,
  pad 1, no bias) - batch normalization - ReLU blocks (32, 32, 64, 64 channels) with 2x2 max
  pooling after the 2nd and 4th block, then a linear layer to 10 classes and softmax cross
  entropy. Floor: im2col + one GEMM per convolution (the patch matrix of the forward pass is
  kept for the filter gradient), col2im for the data gradient, batch normalization with batch
  statistics, ReLU, 2x2 max pooling, linear and softmax cross entropy, forward and backward.
* ``lstm_lm``: an LSTM language model (EmbedID 10000x200, 2 LSTM layers of 200 units, batch
  20, 35 steps of truncated BPTT, output linear 200->10000 and softmax cross entropy at every
  step, the mean over the steps as loss). Floor: per step an embedding gather, the gate GEMMs
  and the elementwise LSTM cell, the output projection and softmax cross entropy; then BPTT
  backward in reverse order with in-place gradient accumulation. Tokens per second are
  reported for both.

Only plain ``chainer.functions`` and Variables are used (no links). Prints one JSON line.
Usage: ``python tools/bench/convnet.py [--quick]``.
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


def _missing(*names):
    return [name for name in names if not hasattr(F, name)]


def _check(name, got, expected, rtol=2e-3, atol=2e-4):
    scale = max(float(numpy.abs(expected).max()), 1e-30)
    if not numpy.allclose(got, expected, rtol=rtol, atol=atol * scale):
        err = float(numpy.abs(got - expected).max())
        raise AssertionError('{}: Chainer and the NumPy floor differ (max abs err {:.3g}, '
                             'scale {:.3g})'.format(name, err, scale))


def _sgd_variables(params, lr):
    for p in params:
        if p.grad is not None:
            p.array -= lr * p.grad
        p.grad = None


def _sgd_arrays(params, grads, lr):
    for p, g in zip(params, grads):
        p -= lr * g


def _softmax_ce_floor(logits, t, scale):
    """Mean softmax cross entropy (times ``scale``) and its gradient w.r.t. ``logits``."""
    n = len(t)
    rows = numpy.arange(n)
    e = logits - logits.max(axis=1, keepdims=True)
    numpy.exp(e, out=e)
    s = e.sum(axis=1, keepdims=True)
    loss = -(numpy.log(e[rows, t] / s[:, 0])).mean() * scale
    e *= (scale / n) / s
    e[rows, t] -= scale / n
    return loss, e


# --- CNN ------------------------------------------------------------------------------------

_CHANNELS = (3, 32, 32, 64, 64)
_BN_EPS = 2e-5


def _cnn_arrays(rng):
    arrays = []
    for c_in, c_out in zip(_CHANNELS[:-1], _CHANNELS[1:]):
        arrays.append((rng.standard_normal((c_out, c_in, 3, 3))
                       * (2.0 / (9 * c_in)) ** 0.5).astype(numpy.float32))
        arrays.append(numpy.ones(c_out, numpy.float32))
        arrays.append(numpy.zeros(c_out, numpy.float32))
    arrays.append((rng.standard_normal((10, _CHANNELS[-1] * 8 * 8)) * 0.01)
                  .astype(numpy.float32))
    arrays.append(numpy.zeros(10, numpy.float32))
    return arrays


def _cnn_loss(params, x, t):
    h = x
    for i in range(4):
        W, gamma, beta = params[3 * i:3 * i + 3]
        h = F.convolution_2d(h, W, pad=1)
        h = F.relu(F.batch_normalization(h, gamma, beta, eps=_BN_EPS))
        if i % 2 == 1:
            h = F.max_pooling_2d(h, 2)
    return F.softmax_cross_entropy(F.linear(h, params[12], params[13]), t)


def _im2col(x, k, pad):
    # (N, C, H, W) -> (C * k * k, N * H * W) for a stride-1 'same' convolution
    n, c, h, w = x.shape
    xp = numpy.pad(x, ((0, 0), (0, 0), (pad, pad), (pad, pad)))
    s = xp.strides
    view = numpy.lib.stride_tricks.as_strided(
        xp, (c, k, k, n, h, w), (s[1], s[2], s[3], s[0], s[2], s[3]), writeable=False)
    return numpy.ascontiguousarray(view).reshape(c * k * k, n * h * w)


def _col2im(gcol, shape, k, pad):
    # (C * k * k, N * H * W) -> (N, C, H, W), summed channel-first in the order of the rows
    n, c, h, w = shape
    gcol = gcol.reshape(c, k, k, n, h, w)
    img = numpy.zeros((c, n, h + 2 * pad, w + 2 * pad), gcol.dtype)
    for dy in range(k):
        for dx in range(k):
            img[:, :, dy:dy + h, dx:dx + w] += gcol[:, dy, dx]
    return numpy.ascontiguousarray(img[:, :, pad:pad + h, pad:pad + w].swapaxes(0, 1))


def _cnn_floor(arrays, x, t):
    """Loss and parameter gradients of the CNN, hand-written in NumPy."""
    grads = [None] * len(arrays)
    cache = []
    h = x
    for i in range(4):
        W, gamma, beta = arrays[3 * i:3 * i + 3]
        n, c, hh, ww = h.shape
        co = W.shape[0]
        col = _im2col(h, 3, 1)                                    # (C*9, N*H*W)
        y = W.reshape(co, -1) @ col                               # (Co, N*H*W)
        y = numpy.ascontiguousarray(y.reshape(co, n, hh, ww).swapaxes(0, 1))
        # batch normalization with the statistics of the batch, then ReLU
        m = y.size // co
        mean = y.mean(axis=(0, 2, 3), keepdims=True)
        xc = y - mean
        var = numpy.einsum('nchw,nchw->c', xc, xc).reshape(1, co, 1, 1) / m
        inv_std = 1 / numpy.sqrt(var + _BN_EPS)
        scale = gamma.reshape(1, co, 1, 1) * inv_std
        z = xc * scale
        z += beta.reshape(1, co, 1, 1)
        h = numpy.maximum(z, 0)
        pooled = None
        if i % 2 == 1:                    # 2x2 max pooling of the four strided quarters
            pooled = h
            h = numpy.maximum(numpy.maximum(pooled[:, :, 0::2, 0::2], pooled[:, :, 0::2, 1::2]),
                              numpy.maximum(pooled[:, :, 1::2, 0::2], pooled[:, :, 1::2, 1::2]))
        cache.append((col, xc, inv_std, scale, z, pooled, h, (n, c, hh, ww)))
    n = len(x)
    hf = h.reshape(n, -1)
    W_out, b_out = arrays[12], arrays[13]
    loss, g = _softmax_ce_floor(hf @ W_out.T + b_out, t, 1.0)
    grads[12] = g.T @ hf
    grads[13] = g.sum(axis=0)
    gh = (g @ W_out).reshape(h.shape)
    for i in reversed(range(4)):
        W = arrays[3 * i]
        col, xc, inv_std, scale, z, pooled, hp, shape = cache[i]
        co = W.shape[0]
        if pooled is not None:
            # the gradient goes to the maximum of each window (ties only occur between
            # zeros of the ReLU, whose gradient the ReLU discards)
            up = numpy.empty(pooled.shape, gh.dtype)
            for dy in range(2):
                for dx in range(2):
                    numpy.multiply(gh, pooled[:, :, dy::2, dx::2] == hp,
                                   out=up[:, :, dy::2, dx::2])
            gh = up
        gz = gh * (z > 0)
        m = gz.size // co
        gbeta = gz.sum(axis=(0, 2, 3))
        ggamma = numpy.einsum('nchw,nchw->c', gz, xc) * inv_std.ravel()
        grads[3 * i + 1] = ggamma
        grads[3 * i + 2] = gbeta
        # gy = scale * (gz - (xhat * ggamma + gbeta) / m), xhat = xc * inv_std
        gy = xc * (-inv_std * ggamma.reshape(1, co, 1, 1) / m)
        gy += gz
        gy -= gbeta.reshape(1, co, 1, 1) / m
        gy *= scale
        g_t = numpy.ascontiguousarray(gy.transpose(0, 2, 3, 1)).reshape(-1, co)  # (N*H*W, Co)
        grads[3 * i] = (col @ g_t).T.reshape(W.shape)
        if i > 0:                                                  # no gradient for the images
            g2 = numpy.ascontiguousarray(gy.swapaxes(0, 1)).reshape(co, -1)   # (Co, N*H*W)
            gh = _col2im(W.reshape(co, -1).T @ g2, shape, 3, 1)
    return loss, grads


def bench_cnn(n, repeat):
    missing = _missing('batch_normalization', 'softmax_cross_entropy', 'max_pooling_2d')
    if missing:
        return {'skipped': 'chainer.functions lacks ' + ', '.join(missing)}
    rng = numpy.random.RandomState(0)
    x = rng.standard_normal((64, 3, 32, 32)).astype(numpy.float32)
    t = rng.randint(0, 10, 64).astype(numpy.int32)
    arrays = _cnn_arrays(rng)
    params = [chainer.Variable(a.copy()) for a in arrays]
    lr = 1e-4

    loss = _cnn_loss(params, x, t)
    loss.backward()
    floor_loss, floor_grads = _cnn_floor(arrays, x, t)
    _check('cnn loss', loss.array, numpy.float32(floor_loss))
    for k, (p, g) in enumerate(zip(params, floor_grads)):
        _check('cnn grad {}'.format(k), p.grad, g)

    def step():
        loss = _cnn_loss(params, x, t)
        loss.backward()
        _sgd_variables(params, lr)

    def floor():
        _, grads = _cnn_floor(arrays, x, t)
        _sgd_arrays(arrays, grads, lr)

    step()
    floor()
    best_step, best_floor = _timing.interleaved_best((step, floor), n, repeat)
    return {'step_ms': round(best_step * 1e3, 2), 'numpy_floor_ms': round(best_floor * 1e3, 2),
            'ratio': round(best_step / best_floor, 3)}


# --- LSTM language model --------------------------------------------------------------------

def _lstm_arrays(rng, vocab, units):
    arrays = [(rng.standard_normal((vocab, units))).astype(numpy.float32)]
    for _ in range(2):
        arrays.append((rng.standard_normal((4 * units, units)) * units ** -0.5)
                      .astype(numpy.float32))
        arrays.append(numpy.zeros(4 * units, numpy.float32))
        arrays.append((rng.standard_normal((4 * units, units)) * units ** -0.5)
                      .astype(numpy.float32))
    arrays.append((rng.standard_normal((vocab, units)) * units ** -0.5).astype(numpy.float32))
    arrays.append(numpy.zeros(vocab, numpy.float32))
    return arrays


def _lstm_loss(params, words, units):
    # chainer's F.lstm takes the gate pre-activations interleaved per unit (a, i, f, o)
    embed = params[0]
    layers = [params[1:4], params[4:7]]
    W_out, b_out = params[7:9]
    batch = words.shape[1]
    bptt = len(words) - 1
    hs = [None, None]
    cs = [numpy.zeros((batch, units), numpy.float32) for _ in range(2)]
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
    return loss / bptt


def _sigmoid(x):
    return 0.5 * numpy.tanh(0.5 * x) + 0.5


def _lstm_floor(arrays, words, units):
    """Loss and parameter gradients of the LSTM LM, hand-written in NumPy.

    The NumPy side stores the gates as four blocks ``[a; i; f; o]`` (the natural layout);
    the parameters are permuted from Chainer's interleaved layout once, outside the step.
    """
    E = arrays[0]
    layers = [arrays[1:4], arrays[4:7]]
    W_out, b_out = arrays[7:9]
    bptt = len(words) - 1
    batch = words.shape[1]
    u = units
    loss = 0.0
    hs = [None, None]
    cs = [numpy.zeros((batch, u), numpy.float32) for _ in range(2)]
    cache = []
    for t in range(bptt):
        x = E[words[t]]
        step = []
        for i, (Wx, bx, Wh) in enumerate(layers):
            z = x @ Wx.T
            z += bx
            if hs[i] is not None:
                z += hs[i] @ Wh.T
            a = numpy.tanh(z[:, :u])
            ifo = _sigmoid(z[:, u:])
            c = a * ifo[:, :u]
            c += ifo[:, u:2 * u] * cs[i]
            tc = numpy.tanh(c)
            h = ifo[:, 2 * u:] * tc
            step.append((x, hs[i], cs[i], a, ifo, tc))
            cs[i], hs[i] = c, h
            x = h
        lt, g = _softmax_ce_floor(x @ W_out.T + b_out, words[t + 1], 1.0 / bptt)
        loss += lt
        cache.append((step, x, g))

    grads = [numpy.zeros_like(p) for p in arrays]
    gE = grads[0]
    gW_out, gb_out = grads[7:9]
    gh_next = [None, None]
    gc_next = [None, None]
    for t in reversed(range(bptt)):
        step, h_top, g = cache[t]
        gW_out += g.T @ h_top
        gb_out += g.sum(axis=0)
        gx = g @ W_out
        for i in reversed(range(2)):
            Wx, _, Wh = layers[i]
            gWx, gbx, gWh = grads[1 + 3 * i:4 + 3 * i]
            x, h_prev, c_prev, a, ifo, tc = step[i]
            gh = gx if gh_next[i] is None else gx + gh_next[i]
            si, sf, so = ifo[:, :u], ifo[:, u:2 * u], ifo[:, 2 * u:]
            gc = gh * so * (1 - tc * tc)
            if gc_next[i] is not None:
                gc += gc_next[i]
            gz = numpy.empty((batch, 4 * u), numpy.float32)
            gz[:, :u] = gc * si * (1 - a * a)
            gz[:, u:2 * u] = gc * a
            gz[:, 2 * u:3 * u] = gc * c_prev
            gz[:, 3 * u:] = gh * tc
            gz[:, u:] *= ifo * (1 - ifo)
            gc_next[i] = gc * sf
            gWx += gz.T @ x
            gbx += gz.sum(axis=0)
            if h_prev is not None:
                gWh += gz.T @ h_prev
                gh_next[i] = gz @ Wh
            else:
                gh_next[i] = None
            gx = gz @ Wx
        numpy.add.at(gE, words[t], gx)
    return loss, grads


def _to_blocks(arrays, units):
    # Chainer's interleaved gate rows (unit-major: a0 i0 f0 o0 a1 ...) -> blocks [a; i; f; o]
    perm = numpy.arange(4 * units).reshape(units, 4).T.ravel()
    out = list(arrays)
    for k in (1, 2, 3, 4, 5, 6):
        out[k] = numpy.ascontiguousarray(arrays[k][perm])
    return out, perm


def bench_lstm_lm(n, repeat, vocab=10000, units=200, batch=20, bptt=35):
    missing = _missing('softmax_cross_entropy', 'lstm', 'embed_id')
    if missing:
        return {'skipped': 'chainer.functions lacks ' + ', '.join(missing)}
    rng = numpy.random.RandomState(1)
    arrays = _lstm_arrays(rng, vocab, units)
    words = rng.randint(0, vocab, (bptt + 1, batch)).astype(numpy.int32)
    params = [chainer.Variable(a.copy()) for a in arrays]
    blocks, perm = _to_blocks(arrays, units)
    lr = 0.1

    loss = _lstm_loss(params, words, units)
    loss.backward()
    floor_loss, floor_grads = _lstm_floor(blocks, words, units)
    _check('lstm loss', loss.array, numpy.float32(floor_loss))
    for k, (p, g) in enumerate(zip(params, floor_grads)):
        _check('lstm grad {}'.format(k), p.grad[perm] if k in range(1, 7) else p.grad, g)

    def step():
        loss = _lstm_loss(params, words, units)
        loss.backward()
        _sgd_variables(params, lr)

    def floor():
        _, grads = _lstm_floor(blocks, words, units)
        _sgd_arrays(blocks, grads, lr)

    best_step, best_floor = _timing.interleaved_best((step, floor), n, repeat)
    tokens = batch * bptt
    return {'step_ms': round(best_step * 1e3, 1), 'numpy_floor_ms': round(best_floor * 1e3, 1),
            'ratio': round(best_step / best_floor, 3),
            'tokens_per_s': round(tokens / best_step, 1),
            'floor_tokens_per_s': round(tokens / best_floor, 1)}


def main(argv):
    quick = '--quick' in argv
    n, repeat = (1, 2) if quick else (2, 3)
    result = {
        'bench': 'convnet',
        'numpy': numpy.__version__,
        'openblas_num_threads': os.environ.get('OPENBLAS_NUM_THREADS'),
        'cnn_cifar_b64_train_step': bench_cnn(n, repeat),
        'lstm_lm_10000x200_2layers_b20_bptt35': bench_lstm_lm(1, repeat),
    }
    print(json.dumps(result))


if __name__ == '__main__':
    main(sys.argv[1:])
