import unittest

import pytest

from chainer import dataset
from chainer import serializers


class CountingIterator(dataset.Iterator):

    def __init__(self):
        self.finalized = 0

    def finalize(self):
        self.finalized += 1


class TestIterator(unittest.TestCase):

    def test_iter_returns_self(self):
        it = dataset.Iterator()
        assert iter(it) is it

    def test_next_is_abstract(self):
        it = dataset.Iterator()
        with pytest.raises(NotImplementedError):
            next(it)
        with pytest.raises(NotImplementedError):
            it.next()

    def test_serialize_saves_nothing(self):
        target = {}
        dataset.Iterator().serialize(serializers.DictionarySerializer(target))
        assert target == {}

    def test_finalize_is_a_noop(self):
        it = dataset.Iterator()
        state = dict(vars(it))
        assert it.finalize() is None
        assert vars(it) == state

    def test_context_manager_finalizes(self):
        it = CountingIterator()
        with it as entered:
            assert entered is it
            assert it.finalized == 0
        assert it.finalized == 1

    def test_context_manager_finalizes_on_error(self):
        it = CountingIterator()
        with pytest.raises(KeyError):
            with it:
                raise KeyError('x')
        assert it.finalized == 1

    def test_del_finalizes(self):
        finalized = []

        class Recorder(dataset.Iterator):
            def finalize(self):
                finalized.append(True)

        it = Recorder()
        del it
        assert finalized == [True]
