"""The word2vec example (v7 style) on fabricated words: skip-gram with NegativeSampling
and CBOW with BinaryHierarchicalSoftmax (a Huffman tree of the counts) over EmbedID, trained
by Adam in a hand-written loop. The losses and parameters are those Chainer v7.8.1 produced
(recorded)."""
import collections

import numpy
import pytest

import chainer
import chainer.functions as F
import chainer.initializers as I
import chainer.links as L

V7_LOSSES = {
    'skipgram-ns': [
        554.5177612304688, 554.4756469726562, 554.4362182617188, 554.381591796875, 554.3359375,
        554.29638671875, 554.2509765625, 509.8540954589844
    ],
    'cbow-hsm': [
        100.50634002685547, 104.66460418701172, 144.8617401123047, 128.2308807373047,
        99.80961608886719, 126.83141326904297, 108.12755584716797, 95.64950561523438
    ],
}
V7_PARAM_SUMS = {
    'skipgram-ns': {'/embed/W': -0.7490859031677246, '/loss_func/W': 0.008347619324922562},
    'cbow-hsm': {'/embed/W': 2.1055445671081543, '/loss_func/W': -0.07903110980987549},
}
V7_OUTPUT_W_SHAPES = {'skipgram-ns': (25, 8), 'cbow-hsm': (24, 8)}


class SkipGram(chainer.Chain):
    def __init__(self, n_vocab, n_units, loss_func):
        super(SkipGram, self).__init__()
        with self.init_scope():
            self.embed = L.EmbedID(n_vocab, n_units, initialW=I.Uniform(1. / n_units))
            self.loss_func = loss_func

    def forward(self, x, contexts):
        e = self.embed(contexts)
        batch_size, n_context, n_units = e.shape
        x = F.broadcast_to(x[:, None], (batch_size, n_context))
        e = F.reshape(e, (batch_size * n_context, n_units))
        x = F.reshape(x, (batch_size * n_context,))
        return self.loss_func(e, x)


class ContinuousBoW(chainer.Chain):
    def __init__(self, n_vocab, n_units, loss_func):
        super(ContinuousBoW, self).__init__()
        with self.init_scope():
            self.embed = L.EmbedID(n_vocab, n_units, initialW=I.Uniform(1. / n_units))
            self.loss_func = loss_func

    def forward(self, x, contexts):
        h = F.sum(self.embed(contexts), axis=1) * (1. / contexts.shape[1])
        return self.loss_func(h, x)


def windows(words, window, batch_size, rng):
    order = rng.permutation(len(words) - window * 2) + window
    for i in range(0, len(order), batch_size):
        position = order[i:i + batch_size]
        offset = numpy.concatenate([numpy.arange(-window, 0), numpy.arange(1, window + 1)])
        yield words.take(position), words.take(position[:, None] + offset[None, :])


def run():
    rng = numpy.random.RandomState(2)
    n_vocab, n_units = 25, 8
    words = (rng.zipf(1.5, 400) % n_vocab).astype(numpy.int32)
    counts = collections.Counter(words.tolist())
    result = {}
    for name in ('skipgram-ns', 'cbow-hsm'):
        numpy.random.seed(1)
        if name == 'skipgram-ns':
            loss_func = L.NegativeSampling(n_units, [counts[w] for w in range(n_vocab)], 3)
            loss_func.W.array[...] = 0
            model = SkipGram(n_vocab, n_units, loss_func)
        else:
            tree = L.BinaryHierarchicalSoftmax.create_huffman_tree(counts)
            loss_func = L.BinaryHierarchicalSoftmax(n_units, tree)
            loss_func.W.array[...] = 0
            model = ContinuousBoW(n_vocab, n_units, loss_func)
        optimizer = chainer.optimizers.Adam()
        optimizer.setup(model)
        losses = []
        for center, contexts in windows(words, 2, 50, numpy.random.RandomState(3)):
            loss = model(center, contexts)
            model.cleargrads()
            loss.backward()
            optimizer.update()
            losses.append(float(loss.array))
        result[name] = {
            'losses': losses,
            'params': {n: float(p.array.sum()) for n, p in model.namedparams()},
            'W_shape': list(loss_func.W.shape),
        }
    return result


@pytest.fixture(scope='module')
def result():
    return run()


@pytest.mark.parametrize('name', ['skipgram-ns', 'cbow-hsm'])
def test_training(result, name):
    assert result[name]['losses'] == pytest.approx(V7_LOSSES[name], rel=1e-5)
    assert result[name]['params'] == pytest.approx(V7_PARAM_SUMS[name], rel=1e-5)
    assert tuple(result[name]['W_shape']) == V7_OUTPUT_W_SHAPES[name]
