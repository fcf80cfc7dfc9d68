import sys

import pytest

from chainer import iterators
from chainer import serializers


class FakePipeline:
    """Stands for a DALI pipeline: the iterator only calls these methods."""

    batch_size = 3

    def __init__(self):
        self.built = 0
        self.runs = 0

    def epoch_size(self):
        return {'reader_a': 8, 'reader_b': 7}

    def build(self):
        self.built += 1

    def run(self):
        self.runs += 1
        return ('images%d' % self.runs, 'labels%d' % self.runs)


def test_works_without_dali_and_builds_lazily(monkeypatch):
    # as v7: DALI is not imported; the pipeline is built (and the epoch size read) on the
    # first batch, the epoch size being 1 until then
    monkeypatch.setitem(sys.modules, 'nvidia.dali', None)
    pipeline = FakePipeline()
    with pytest.warns(FutureWarning, match='experimental'):
        it = iterators.DaliIterator(pipeline)
    assert pipeline.built == 0 and it.epoch_size == 1 and it.epoch_detail == 0.
    next(it)
    assert pipeline.built == 1 and it.epoch_size == 8


def test_pipeline_none_fails_on_first_batch():
    with pytest.warns(FutureWarning):
        it = iterators.DaliIterator(None)
    with pytest.raises(AttributeError):
        next(it)


def test_iteration():
    pipeline = FakePipeline()
    with pytest.warns(FutureWarning, match='experimental'):
        it = iterators.DaliIterator(pipeline)
    assert it.batch_size == 3 and it.repeat
    assert it.previous_epoch_detail is None
    assert next(it) == ('images1', 'labels1')
    assert pipeline.built == 1
    assert (it.epoch, it.current_position, it.is_new_epoch) == (0, 3, False)
    next(it)
    next(it)
    assert (it.epoch, it.current_position, it.is_new_epoch) == (1, 1, True)
    assert it.epoch_detail == 1.125 and it.previous_epoch_detail == 0.75
    assert pipeline.built == 1


def test_no_repeat():
    with pytest.warns(FutureWarning):
        it = iterators.DaliIterator(FakePipeline(), repeat=False)
    batches = list(it)
    assert len(batches) == 3 and it.epoch == 1


def test_serialize():
    with pytest.warns(FutureWarning):
        it = iterators.DaliIterator(FakePipeline())
        resumed = iterators.DaliIterator(FakePipeline())
    next(it)
    next(it)
    target = {}
    it.serialize(serializers.DictionarySerializer(target))
    resumed.serialize(serializers.NpzDeserializer(target))
    assert (resumed.epoch, resumed.current_position) == (it.epoch, it.current_position)
    assert resumed.previous_epoch_detail == it.previous_epoch_detail
    next(it)
    next(resumed)  # builds the pipeline: the epoch size is known from then on, as v7
    assert resumed.epoch_detail == it.epoch_detail == 1.125
