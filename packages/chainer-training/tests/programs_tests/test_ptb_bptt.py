"""The PTB example (v7 style) on fabricated words: an LSTM language model trained by a
custom BPTT updater over a custom iterator, evaluated with an ``eval_hook`` and a copy of
the model, perplexities added by LogReport's ``postprocess``. The values are those Chainer
v7.8.1 produced (recorded)."""
import json
import os

import numpy
import pytest

import chainer
import chainer.functions as F
import chainer.links as L
from chainer import training
from chainer.training import extensions

# (iteration, epoch, perplexity, val_perplexity) of each log entry, recorded from v7.8.1
V7_LOG = [
    (5, 0, 30.92029291023174, None),
    (10, 1, 29.639353352562452, 32.1413543014548),
    (15, 1, 30.655897258597793, None),
    (20, 2, 29.04765700453605, 32.79300941527014),
]
V7_TEST_PERPLEXITY = 32.79300941527014
V7_PARAM_SUMS = {
    '/predictor/embed/W': -1.8442414999008179, '/predictor/l1/lateral/W': -2.0716121196746826,
    '/predictor/l1/upward/W': -0.7397651076316833, '/predictor/l1/upward/b': -0.520761251449585,
    '/predictor/l2/lateral/W': -0.30484092235565186,
    '/predictor/l2/upward/W': -0.676734209060669, '/predictor/l2/upward/b': -0.945672869682312,
    '/predictor/l3/W': -0.7211085557937622, '/predictor/l3/b': 0.4454549551010132,
}
V7_CELL_SUM = 0.6339160203933716


class RNNForLM(chainer.Chain):
    def __init__(self, n_vocab, n_units):
        super(RNNForLM, self).__init__()
        with self.init_scope():
            self.embed = L.EmbedID(n_vocab, n_units)
            self.l1 = L.LSTM(n_units, n_units)
            self.l2 = L.LSTM(n_units, n_units)
            self.l3 = L.Linear(n_units, n_vocab)
        for param in self.params():
            param.array[...] = numpy.random.uniform(-0.1, 0.1, param.shape)

    def reset_state(self):
        self.l1.reset_state()
        self.l2.reset_state()

    def forward(self, x):
        h0 = self.embed(x)
        h1 = self.l1(F.dropout(h0))
        h2 = self.l2(F.dropout(h1))
        return self.l3(F.dropout(h2))


class ParallelSequentialIterator(chainer.dataset.Iterator):
    def __init__(self, dataset, batch_size, repeat=True):
        super(ParallelSequentialIterator, self).__init__()
        self.dataset = dataset
        self.batch_size = batch_size
        self.epoch = 0
        self.is_new_epoch = False
        self.repeat = repeat
        length = len(dataset)
        self.offsets = [i * length // batch_size for i in range(batch_size)]
        self.iteration = 0
        self._previous_epoch_detail = -1.

    def __next__(self):
        length = len(self.dataset)
        if not self.repeat and self.iteration * self.batch_size >= length:
            raise StopIteration
        cur_words = self.get_words()
        self._previous_epoch_detail = self.epoch_detail
        self.iteration += 1
        next_words = self.get_words()
        epoch = self.iteration * self.batch_size // length
        self.is_new_epoch = self.epoch < epoch
        if self.is_new_epoch:
            self.epoch = epoch
        return list(zip(cur_words, next_words))

    @property
    def epoch_detail(self):
        return self.iteration * self.batch_size / len(self.dataset)

    @property
    def previous_epoch_detail(self):
        if self._previous_epoch_detail < 0:
            return None
        return self._previous_epoch_detail

    def get_words(self):
        return [self.dataset[(offset + self.iteration) % len(self.dataset)]
                for offset in self.offsets]

    def serialize(self, serializer):
        self.iteration = serializer('iteration', self.iteration)
        self.epoch = serializer('epoch', self.epoch)
        self._previous_epoch_detail = serializer(
            'previous_epoch_detail', self._previous_epoch_detail)


class BPTTUpdater(training.updaters.StandardUpdater):
    def __init__(self, train_iter, optimizer, bprop_len, device):
        super(BPTTUpdater, self).__init__(train_iter, optimizer, device=device)
        self.bprop_len = bprop_len

    def update_core(self):
        loss = 0
        train_iter = self.get_iterator('main')
        optimizer = self.get_optimizer('main')
        for i in range(self.bprop_len):
            batch = train_iter.__next__()
            x, t = self.converter(batch, self.device)
            loss += optimizer.target(chainer.Variable(x), chainer.Variable(t))
        optimizer.target.cleargrads()
        loss.backward()
        loss.unchain_backward()
        optimizer.update()


def compute_perplexity(result):
    result['perplexity'] = numpy.exp(result['main/loss'])
    if 'validation/main/loss' in result:
        result['val_perplexity'] = numpy.exp(result['validation/main/loss'])


def run(out):
    numpy.random.seed(0)
    rng = numpy.random.RandomState(5)
    n_vocab = 30
    train = rng.randint(0, n_vocab, 400).astype(numpy.int32)
    val = rng.randint(0, n_vocab, 60).astype(numpy.int32)
    train_iter = ParallelSequentialIterator(train, 8)
    val_iter = ParallelSequentialIterator(val, 1, repeat=False)
    rnn = RNNForLM(n_vocab, 12)
    model = L.Classifier(rnn)
    model.compute_accuracy = False
    optimizer = chainer.optimizers.SGD(lr=1.0)
    optimizer.setup(model)
    optimizer.add_hook(chainer.optimizer_hooks.GradientClipping(5))
    updater = BPTTUpdater(train_iter, optimizer, 5, -1)
    trainer = training.Trainer(updater, (20, 'iteration'), out=out)
    eval_model = model.copy()
    eval_rnn = eval_model.predictor
    trainer.extend(extensions.Evaluator(
        val_iter, eval_model, device=-1, eval_hook=lambda _: eval_rnn.reset_state()),
        trigger=(10, 'iteration'))
    trainer.extend(extensions.LogReport(postprocess=compute_perplexity,
                                        trigger=(5, 'iteration')))
    trainer.extend(extensions.snapshot())
    trainer.run()
    evaluator = extensions.Evaluator(
        ParallelSequentialIterator(val, 1, repeat=False), eval_model, device=-1)
    eval_rnn.reset_state()
    result = evaluator()
    with open(os.path.join(out, 'log')) as f:
        log = json.load(f)
    return {
        'log': [(e['iteration'], e['epoch'], e['perplexity'], e.get('val_perplexity'))
                for e in log],
        'test_perplexity': float(numpy.exp(float(result['main/loss']))),
        'params': {name: float(p.array.sum()) for name, p in model.namedparams()},
        'c_sum': float(rnn.l1.c.array.sum()),
    }


@pytest.fixture(scope='module')
def result(tmp_path_factory):
    return run(str(tmp_path_factory.mktemp('result')))


def test_log(result):
    log = result['log']
    assert [entry[:2] for entry in log] == [entry[:2] for entry in V7_LOG]
    for (_, _, ppl, val_ppl), (_, _, v7_ppl, v7_val_ppl) in zip(log, V7_LOG):
        assert ppl == pytest.approx(v7_ppl, rel=1e-6)
        if v7_val_ppl is None:
            assert val_ppl is None
        else:
            assert val_ppl == pytest.approx(v7_val_ppl, rel=1e-6)


def test_evaluation_after_training(result):
    assert result['test_perplexity'] == pytest.approx(V7_TEST_PERPLEXITY, rel=1e-6)


def test_parameters_and_state(result):
    assert result['params'] == pytest.approx(V7_PARAM_SUMS, rel=1e-5)
    assert result['c_sum'] == pytest.approx(V7_CELL_SUM, rel=1e-5)
