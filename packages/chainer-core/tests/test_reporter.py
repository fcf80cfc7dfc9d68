import threading

import numpy
import pytest

import chainer
from chainer import reporter
from chainer import testing


class _Observer:
    pass


def test_exports():
    assert chainer.Reporter is reporter.Reporter
    assert chainer.report is reporter.report
    assert chainer.report_scope is reporter.report_scope
    assert chainer.get_current_reporter is reporter.get_current_reporter
    assert chainer.Summary is reporter.Summary
    assert chainer.DictSummary is reporter.DictSummary


def test_reporter_with_and_observers():
    r = reporter.Reporter()
    model, other = _Observer(), _Observer()
    r.add_observer('main', model)
    r.add_observers('opt/', [('a', other)])
    with r:
        assert reporter.get_current_reporter() is r
        reporter.report({'x': 1.0})
        reporter.report({'loss': 2.0}, model)
        chainer.report({'acc': 3.0}, other)
    assert r.observation == {'x': 1.0, 'main/loss': 2.0, 'opt/a/acc': 3.0}


def test_observers_are_identified_by_id():
    class Equal:
        def __eq__(self, other):
            return True

        def __hash__(self):
            return 0

    r = reporter.Reporter()
    r.add_observer('a', Equal())
    with pytest.raises(KeyError, match='not registered'):
        r.report({'x': 1}, Equal())


def test_report_without_reporter_does_nothing():
    reporter.report({'x': 1})
    with pytest.raises(IndexError):
        reporter.get_current_reporter()


def test_nested_reporters_and_scope():
    outer, inner = reporter.Reporter(), reporter.Reporter()
    with outer:
        reporter.report({'a': 1})
        with inner:
            reporter.report({'b': 2})
        reporter.report({'c': 3})
        observation = {}
        with inner.scope(observation):
            assert reporter.get_current_reporter() is inner
            reporter.report({'d': 4})
        assert reporter.get_current_reporter() is outer
        scoped = {}
        with reporter.report_scope(scoped):
            reporter.report({'e': 5})
        reporter.report({'f': 6})
    assert outer.observation == {'a': 1, 'c': 3, 'f': 6}
    assert inner.observation == {'b': 2}
    assert observation == {'d': 4}
    assert scoped == {'e': 5}


def test_scope_restores_on_error():
    r = reporter.Reporter()
    original = r.observation
    with pytest.raises(ValueError):
        with r.scope({}):
            raise ValueError
    assert r.observation is original
    assert reporter._get_reporters() == []


def test_reporter_stack_is_thread_local():
    r = reporter.Reporter()
    seen = []

    def target():
        seen.append(len(reporter._get_reporters()))
        reporter.report({'thread': 1})

    with r:
        t = threading.Thread(target=target)
        t.start()
        t.join()
    assert seen == [0]
    assert r.observation == {}


def _graph_variable():
    x = chainer.Variable(numpy.array([1.0, 2.0], numpy.float32))
    y = chainer.functions.sum(x * x)
    return x, y


def test_reported_variable_is_cut_from_graph():
    x, y = _graph_variable()
    assert y.creator is not None
    r = reporter.Reporter()
    with r:
        reporter.report({'y': y})
    reported = r.observation['y']
    assert isinstance(reported, chainer.Variable)
    assert reported is not y
    assert reported.creator is None
    assert float(reported.array) == 5.0
    assert y.creator is not None


def test_keep_graph_on_report():
    x, y = _graph_variable()
    r = reporter.Reporter()
    with chainer.using_config('keep_graph_on_report', True), r:
        reporter.report({'y': y})
    assert r.observation['y'] is y


def test_summary():
    s = reporter.Summary()
    values = [1.0, 2.0, 4.0]
    for v in values:
        s.add(numpy.float32(v))
    numpy.testing.assert_allclose(s.compute_mean(), numpy.mean(values), rtol=1e-6)
    mean, std = s.make_statistics()
    numpy.testing.assert_allclose(mean, numpy.mean(values), rtol=1e-6)
    numpy.testing.assert_allclose(std, numpy.std(values), rtol=1e-5)


def test_summary_sums_numpy_values_in_float64():
    # As v7 under NumPy 1: float32/int values give float64 means (no float32 round-off).
    s = reporter.Summary()
    for v in (numpy.float32(0.1), numpy.array(0.2, numpy.float32), numpy.int32(3)):
        s.add(v)
    mean, std = s.make_statistics()
    assert type(s.compute_mean()) is numpy.float64
    assert mean.dtype == std.dtype == numpy.float64
    expected = numpy.array([0.1, 0.2, 3], numpy.float32).astype(numpy.float64)
    numpy.testing.assert_allclose(mean, expected.mean(), rtol=1e-15)
    numpy.testing.assert_allclose(std, expected.std(), rtol=1e-12)


def test_summary_keeps_the_dtype_of_arrays():
    # As v7: only scalars are promoted; a float16/float32 array's sums and mean keep its
    # dtype, also with a NumPy scalar weight.
    for dtype in (numpy.float16, numpy.float32):
        s = reporter.Summary()
        s.add(numpy.array([1.0, 2.0], dtype), weight=numpy.float32(2))
        s.add(numpy.array([1.0, 2.0], dtype), weight=numpy.int32(1))
        assert s._x.dtype == s._x2.dtype == dtype
        assert s.compute_mean().dtype == dtype
        mean, std = s.make_statistics()
        assert mean.dtype == std.dtype == dtype
        numpy.testing.assert_allclose(mean, [1.0, 2.0])
        assert s._n == 3


def test_summary_weighted_and_arrays():
    s = reporter.Summary()
    s.add(numpy.array(1.0), weight=3)
    s.add(numpy.array(5.0), weight=numpy.array(1.0))
    numpy.testing.assert_allclose(s.compute_mean(), 2.0)
    mean, std = s.make_statistics()
    numpy.testing.assert_allclose(std, numpy.sqrt((3 * 1 + 25) / 4 - 4))


def test_dict_summary():
    ds = reporter.DictSummary()
    ds.add({'a': 1.0, 'b': numpy.array(2.0), 'c': numpy.zeros(3), 'd': 'text',
            'v': chainer.Variable(numpy.array(4.0, numpy.float32))})
    ds.add({'a': 3.0, 'b': numpy.float64(4.0),
            'v': chainer.Variable(numpy.array(6.0, numpy.float32))})
    mean = ds.compute_mean()
    assert set(mean) == {'a', 'b', 'v'}
    numpy.testing.assert_allclose(mean['a'], 2.0)
    numpy.testing.assert_allclose(mean['b'], 3.0)
    numpy.testing.assert_allclose(mean['v'], 5.0)
    stats = ds.make_statistics()
    assert set(stats) == {'a', 'a.std', 'b', 'b.std', 'v', 'v.std'}
    numpy.testing.assert_allclose(stats['a.std'], 1.0)


def test_dict_summary_weights():
    ds = reporter.DictSummary()
    ds.add({'a': (1.0, 3)})
    ds.add({'a': (5.0, chainer.Variable(numpy.array(1.0)))})
    numpy.testing.assert_allclose(ds.compute_mean()['a'], 2.0)
    with pytest.raises(ValueError, match='Given weight to a was not scalar'):
        ds.add({'a': (1.0, numpy.ones(2))})


def test_summary_serialize_roundtrip():
    ds = reporter.DictSummary()
    ds.add({'loss': 1.0, 'acc': 0.5})
    ds.add({'loss': 3.0})
    state = {}
    ds.serialize(chainer.serializers.DictionarySerializer(state))
    assert 'loss' in str(state['_names'])
    restored = reporter.DictSummary()
    restored.serialize(chainer.serializers.NpzDeserializer(state))
    assert restored.compute_mean() == pytest.approx(ds.compute_mean())
    assert restored.make_statistics() == pytest.approx(ds.make_statistics())


@testing.attr.gpu
def test_summary_gpu():
    from chainer.backends import cuda
    s = reporter.Summary()
    s.add(cuda.cupy.array(1.0))
    s.add(cuda.cupy.array(3.0))
    mean, std = s.make_statistics()
    assert float(mean) == 2.0 and float(std) == 1.0
