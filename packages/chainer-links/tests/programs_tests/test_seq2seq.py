"""The seq2seq example (v7 style) on fabricated sentences: NStepLSTM encoder and decoder
over EmbedID, variable-length batches, Adam with GradientClipping, then greedy translation
in test mode. The losses, translations and parameters are those Chainer v7.8.1 produced
(recorded)."""
import numpy
import pytest

import chainer
import chainer.functions as F
import chainer.links as L

V7_LOSSES = [
    13.899550437927246,
    12.184198379516602,
    13.635919570922852,
    13.49646282196045,
    13.810128211975098,
    12.140902519226074,
    13.603752136230469,
    13.466009140014648,
]
V7_TRANSLATION = [[7, 7, 9, 9, 14, 6], [7, 7, 9, 9, 4, 4], [4, 4, 4, 4, 4, 3]]
V7_PARAM_SUMS = {
    '/W': -1.2899624081328511,
    '/decoder': -12.07363853417337,
    '/embed_x': 11.394360542297363,
    '/embed_y': -26.363563537597656,
    '/encoder': -20.122861742042005,
}
V7_ENCODER_PARAM_NAMES = ['/{}/{}{}'.format(layer, kind, i)
                          for layer in (0, 1) for kind in 'bw' for i in range(8)]


EOS = 1


def sequence_embed(embed, xs):
    x_len = [len(x) for x in xs]
    x_section = numpy.cumsum(x_len[:-1])
    ex = embed(F.concat(xs, axis=0))
    return F.split_axis(ex, x_section, 0)


class Seq2seq(chainer.Chain):
    def __init__(self, n_layers, n_source_vocab, n_target_vocab, n_units):
        super(Seq2seq, self).__init__()
        with self.init_scope():
            self.embed_x = L.EmbedID(n_source_vocab, n_units)
            self.embed_y = L.EmbedID(n_target_vocab, n_units)
            self.encoder = L.NStepLSTM(n_layers, n_units, n_units, 0.1)
            self.decoder = L.NStepLSTM(n_layers, n_units, n_units, 0.1)
            self.W = L.Linear(n_units, n_target_vocab)

    def forward(self, xs, ys):
        xs = [x[::-1] for x in xs]
        eos = self.xp.array([EOS], numpy.int32)
        ys_in = [F.concat([eos, y], axis=0) for y in ys]
        ys_out = [F.concat([y, eos], axis=0) for y in ys]
        exs = sequence_embed(self.embed_x, xs)
        eys = sequence_embed(self.embed_y, ys_in)
        hx, cx, _ = self.encoder(None, None, exs)
        _, _, os = self.decoder(hx, cx, eys)
        concat_os = F.concat(os, axis=0)
        concat_ys_out = F.concat(ys_out, axis=0)
        return F.sum(F.softmax_cross_entropy(
            self.W(concat_os), concat_ys_out, reduce='no')) / len(xs)

    def translate(self, xs, max_length=6):
        batch = len(xs)
        with chainer.no_backprop_mode(), chainer.using_config('train', False):
            exs = sequence_embed(self.embed_x, [x[::-1] for x in xs])
            h, c, _ = self.encoder(None, None, exs)
            ys = self.xp.full(batch, EOS, numpy.int32)
            result = []
            for i in range(max_length):
                eys = F.split_axis(self.embed_y(ys), batch, 0)
                h, c, ys = self.decoder(h, c, eys)
                wy = self.W(F.concat(ys, axis=0))
                ys = self.xp.argmax(wy.array, axis=1).astype(numpy.int32)
                result.append(ys)
        return numpy.stack(result).T


def run():
    numpy.random.seed(0)
    rng = numpy.random.RandomState(0)
    data = []
    for i in range(32):
        x = rng.randint(2, 15, rng.randint(2, 7)).astype(numpy.int32)
        data.append((x, (x[::-1] % 12 + 2).astype(numpy.int32)))
    model = Seq2seq(2, 15, 15, 16)
    optimizer = chainer.optimizers.Adam()
    optimizer.setup(model)
    optimizer.add_hook(chainer.optimizer_hooks.GradientClipping(1.0))
    losses = []
    for epoch in range(2):
        for i in range(0, len(data), 8):
            batch = data[i:i + 8]
            loss = model([x for x, _ in batch], [y for _, y in batch])
            model.cleargrads()
            loss.backward()
            optimizer.update()
            losses.append(float(loss.array))
    return {
        'losses': losses,
        'translation': model.translate([x for x, _ in data[:3]]).tolist(),
        'params': {name: float(sum(p.array.sum() for p in child.params()))
                   for name, child in model.namedlinks(skipself=True) if name.count('/') == 1},
        'param_names': sorted(n for n, _ in model.encoder.namedparams()),
    }


@pytest.fixture(scope='module')
def result():
    return run()


def test_losses(result):
    assert result['losses'] == pytest.approx(V7_LOSSES, rel=1e-5)


def test_translation(result):
    assert result['translation'] == V7_TRANSLATION


def test_parameters(result):
    assert result['params'] == pytest.approx(V7_PARAM_SUMS, rel=1e-5)
    assert result['param_names'] == V7_ENCODER_PARAM_NAMES
