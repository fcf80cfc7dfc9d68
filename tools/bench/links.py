"""Link-level twins of the MLP and CNN training steps: links against the functions they wrap.

Each case is a full training step on CPU in float32 (``optimizer.update(lossfun, x, t)``:
forward, backward and the optimizer's update) of the same model written twice, measured in
the same run and interleaved, as the best CPU time of the process (``time.process_time``),
with ``OPENBLAS_NUM_THREADS=1`` unless set. Before timing, one step of each side is run from
the same parameters and the updated parameters are checked to match.
``ratio`` = link step time / function step time (the cost of the link layer; goal: at most
1.05).

* ``mlp_*``: the MLPs of ``mlp.py``: ``L.Classifier`` over ``L.Linear`` layers with ReLU
  against ``F.linear`` / ``F.relu`` on ``chainer.Parameter`` objects with
  ``F.softmax_cross_entropy`` and ``F.accuracy`` reported with ``chainer.report`` (what
  ``L.Classifier`` does), on a cycle of 32 random minibatches; Adam, and MomentumSGD for the
  large MLP.
* ``cnn_cifar_b64``: the CNN of ``convnet.py`` (four 3x3 convolution - batch normalization -
  ReLU blocks of 32, 32, 64, 64 channels, 2x2 max pooling after the 2nd and 4th, a linear
  layer to 10 classes): ``L.Convolution2D(nobias=True)``, ``L.BatchNormalization``,
  ``L.Linear`` and ``L.Classifier`` against ``F.convolution_2d``, ``F.batch_normalization``
  (updating the same running statistics), ``F.linear``; MomentumSGD.

The script only uses Chainer v7's public API, so running it under Chainer v7 gives the
figures to compare with: ``--against PYTHON`` runs it with that interpreter (e.g. the one of
a Chainer v7.8.1 environment) after this run and adds, per case, the other's step times and
``speedup_*`` = other time / this time. Prints one JSON line.

Usage: ``python tools/bench/links.py [--quick] [--against PYTHON]``.
"""
import os

os.environ.setdefault('OPENBLAS_NUM_THREADS', '1')

import json  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402

_HERE = os.path.dirname(os.path.abspath(__file__))
if _HERE not in sys.path:  # the shared modules of tools/bench, also when loaded by path
    sys.path.insert(0, _HERE)

import _mlp_model  # noqa: E402
import _timing  # noqa: E402
import numpy  # noqa: E402

import chainer  # noqa: E402
import chainer.functions as F  # noqa: E402
import chainer.links as L  # noqa: E402
from chainer import optimizers  # noqa: E402


def _check_same(name, links, functions, rtol=1e-4, atol=1e-5):
    for a, b in zip(links, functions):
        if not numpy.allclose(a, b, rtol=rtol, atol=atol):
            raise AssertionError('{}: link and function steps disagree'.format(name))


def _report(link_time, function_time):
    return {'link_ms': round(link_time * 1e3, 4),
            'function_ms': round(function_time * 1e3, 4),
            'ratio': round(link_time / function_time, 3)}


def _classifier_loss(y, t, observer):
    # what L.Classifier does: the loss and (by default) the accuracy, both reported
    loss = F.softmax_cross_entropy(y, t)
    chainer.report({'loss': loss}, observer)
    chainer.report({'accuracy': F.accuracy(y, t)}, observer)
    return loss


def _optimizer(name):
    if name == 'Adam':
        return optimizers.Adam(alpha=1e-4)
    return optimizers.MomentumSGD(lr=1e-3)


def _twin_steps(name, link_model, function_model, function_loss, make_data, opt_name,
                function_params, atol=1e-5):
    """The two step closures, after one checked step of each from the same parameters.

    ``function_params`` lists the parameters of ``function_model`` in the order of the
    sorted parameter paths of ``link_model``.
    """
    link_opt = _optimizer(opt_name)
    link_opt.setup(link_model)
    function_opt = _optimizer(opt_name)
    function_opt.setup(function_model)
    link_data = make_data()
    function_data = make_data()

    def link_step():
        link_opt.update(link_model, *link_data.next())

    def function_step():
        function_opt.update(function_loss, *function_data.next())

    link_step()
    function_step()
    _check_same(name, [p.array for _, p in sorted(link_model.namedparams())],
                [p.array for p in function_params], atol=atol)
    return link_step, function_step


# --- MLP ------------------------------------------------------------------------------------

class LinkMLP(chainer.Chain):
    """ReLU MLP of ``L.Linear`` layers ``l0``, ``l1``, ..."""

    def __init__(self, arrays):
        super().__init__()
        self.names = ['l{}'.format(i) for i in range(len(arrays) // 2)]
        with self.init_scope():
            for name, W, b in zip(self.names, arrays[0::2], arrays[1::2]):
                setattr(self, name, L.Linear(W.shape[1], W.shape[0], initialW=W,
                                             initial_bias=b))

    def forward(self, x):
        h = x
        for name in self.names[:-1]:
            h = F.relu(getattr(self, name)(h))
        return getattr(self, self.names[-1])(h)


# The same MLP on ``chainer.Parameter`` pairs used with ``F.linear``.
FunctionMLP = _mlp_model.FunctionMLP


def bench_mlp(sizes, batch, opt_name, n, repeat):
    arrays = _mlp_model.init_params(sizes, 0)
    link_model = L.Classifier(LinkMLP(arrays))
    function_model = FunctionMLP(arrays)

    def function_loss(x, t):
        return _classifier_loss(function_model(x), t, function_model)

    steps = _twin_steps(
        'mlp', link_model, function_model, function_loss,
        lambda: _mlp_model.Batches((batch, sizes[0]), sizes[-1], 1), opt_name,
        function_model.parameters())
    return _report(*_timing.interleaved_best(steps, n, repeat))


# --- CNN ------------------------------------------------------------------------------------

_CHANNELS = (3, 32, 32, 64, 64)


def _cnn_arrays(rng):
    filters = [(rng.standard_normal((c_out, c_in, 3, 3)) * (2.0 / (9 * c_in)) ** 0.5)
               .astype(numpy.float32) for c_in, c_out in zip(_CHANNELS[:-1], _CHANNELS[1:])]
    W_out = (rng.standard_normal((10, _CHANNELS[-1] * 8 * 8)) * 0.01).astype(numpy.float32)
    return filters, W_out


class LinkCNN(chainer.Chain):
    """Convolution - batch normalization - ReLU blocks of links, then a linear layer."""

    def __init__(self, filters, W_out):
        super().__init__()
        with self.init_scope():
            for i, W in enumerate(filters):
                setattr(self, 'conv{}'.format(i), L.Convolution2D(
                    W.shape[1], W.shape[0], 3, pad=1, nobias=True, initialW=W))
                setattr(self, 'bn{}'.format(i), L.BatchNormalization(W.shape[0]))
            self.out = L.Linear(W_out.shape[1], W_out.shape[0], initialW=W_out)

    def forward(self, x):
        h = x
        for i in range(4):
            h = F.relu(self['bn{}'.format(i)](self['conv{}'.format(i)](h)))
            if i % 2 == 1:
                h = F.max_pooling_2d(h, 2)
        return self.out(h)


class FunctionCNN(chainer.Chain):
    """The same CNN on parameters and running statistics used with the functions."""

    def __init__(self, filters, W_out):
        super().__init__()
        with self.init_scope():
            for i, W in enumerate(filters):
                channels = W.shape[0]
                setattr(self, 'W{}'.format(i), chainer.Parameter(W.copy()))
                setattr(self, 'gamma{}'.format(i),
                        chainer.Parameter(numpy.ones(channels, numpy.float32)))
                setattr(self, 'beta{}'.format(i),
                        chainer.Parameter(numpy.zeros(channels, numpy.float32)))
                self.add_persistent('mean{}'.format(i), numpy.zeros(channels, numpy.float32))
                self.add_persistent('var{}'.format(i), numpy.ones(channels, numpy.float32))
            self.W_out = chainer.Parameter(W_out.copy())
            self.b_out = chainer.Parameter(numpy.zeros(W_out.shape[0], numpy.float32))

    def forward(self, x):
        h = x
        for i in range(4):
            h = F.convolution_2d(h, getattr(self, 'W{}'.format(i)), pad=1)
            h = F.batch_normalization(
                h, getattr(self, 'gamma{}'.format(i)), getattr(self, 'beta{}'.format(i)),
                eps=2e-5, running_mean=getattr(self, 'mean{}'.format(i)),
                running_var=getattr(self, 'var{}'.format(i)), decay=0.9)
            h = F.relu(h)
            if i % 2 == 1:
                h = F.max_pooling_2d(h, 2)
        return F.linear(h, self.W_out, self.b_out)


def _cnn_param_order(model):
    # the parameters of FunctionCNN in the order of LinkCNN's sorted paths: bn0/beta,
    # bn0/gamma, ..., bn3/gamma, conv0/W, ..., conv3/W, out/W, out/b
    names = []
    for i in range(4):
        names += ['beta{}'.format(i), 'gamma{}'.format(i)]
    names += ['W{}'.format(i) for i in range(4)] + ['W_out', 'b_out']
    return [getattr(model, name) for name in names]


def bench_cnn(n, repeat, batch=64):
    filters, W_out = _cnn_arrays(numpy.random.RandomState(0))
    link_model = L.Classifier(LinkCNN(filters, W_out))
    function_model = FunctionCNN(filters, W_out)

    def function_loss(x, t):
        return _classifier_loss(function_model(x), t, function_model)

    steps = _twin_steps(
        'cnn', link_model, function_model, function_loss,
        lambda: _mlp_model.Batches((batch, 3, 32, 32), 10, 1, n_batches=4), 'MomentumSGD',
        _cnn_param_order(function_model), atol=1e-4)
    return _report(*_timing.interleaved_best(steps, n, repeat))


# --- comparison with another Chainer --------------------------------------------------------

def _against(python, quick):
    # the other interpreter imports its own Chainer: PYTHONPATH (which may point at this
    # checkout) is not passed on
    env = {k: v for k, v in os.environ.items() if k != 'PYTHONPATH'}
    command = [python, os.path.abspath(__file__)] + (['--quick'] if quick else [])
    out = subprocess.run(command, check=True, capture_output=True, text=True, env=env).stdout
    return json.loads(out.strip().splitlines()[-1])


def _add_comparison(result, other):
    result['against'] = {'chainer': other['chainer'], 'numpy': other['numpy']}
    for case, mine in result.items():
        theirs = other.get(case)
        if not isinstance(mine, dict) or not isinstance(theirs, dict) or 'ratio' not in mine:
            continue
        for side in ('link', 'function'):
            key = side + '_ms'
            mine['against_' + key] = theirs[key]
            mine['speedup_' + side] = round(theirs[key] / mine[key], 3)


def main(argv):
    quick = '--quick' in argv
    against = argv[argv.index('--against') + 1] if '--against' in argv else None
    n_small, n_big, repeat = (20, 1, 2) if quick else (200, 3, 7)
    small, big = (784, 100, 10), (784, 1000, 1000, 10)
    result = {
        'bench': 'links',
        'chainer': chainer.__version__,
        'numpy': numpy.__version__,
        'openblas_num_threads': os.environ.get('OPENBLAS_NUM_THREADS'),
        'mlp_adam_784-100-10_b1': bench_mlp(small, 1, 'Adam', n_small, repeat),
        'mlp_adam_784-1000-1000-10_b100': bench_mlp(big, 100, 'Adam', n_big, repeat),
        'mlp_momentum_sgd_784-1000-1000-10_b100': bench_mlp(
            big, 100, 'MomentumSGD', n_big, repeat),
        'cnn_cifar_b64': bench_cnn(1, 2 if quick else 4),
    }
    if against is not None:
        _add_comparison(result, _against(against, quick))
    print(json.dumps(result))


if __name__ == '__main__':
    main(sys.argv[1:])
