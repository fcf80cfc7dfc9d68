"""``tools/bench/links.py`` must time the same model on both sides (and keep running)."""
import json

import numpy
import pytest


@pytest.fixture
def bench(load_bench):
    return load_bench('links')


@pytest.mark.parametrize('opt_name', ['Adam', 'MomentumSGD'])
def test_mlp_twins_train_alike(opt_name, bench):
    result = bench.bench_mlp((6, 5, 3), 2, opt_name, n=2, repeat=1)
    assert set(result) == {'link_ms', 'function_ms', 'ratio'}
    assert result['link_ms'] > 0 and result['function_ms'] > 0


def test_mlp_twins_differing_are_caught(monkeypatch, bench):
    original = bench.FunctionMLP
    # the function side gets other initial weights: the checked first step must disagree
    monkeypatch.setattr(bench, 'FunctionMLP', lambda arrays: original([a + 1 for a in arrays]))
    with pytest.raises(AssertionError, match='mlp: link and function steps disagree'):
        bench.bench_mlp((6, 5, 3), 2, 'Adam', n=1, repeat=1)


def test_cnn_twins_train_alike(bench):
    result = bench.bench_cnn(1, 1, batch=2)
    assert result['ratio'] > 0


def test_comparison_adds_speedups(bench):
    result = {'chainer': 'x', 'case': {'link_ms': 1.0, 'function_ms': 2.0, 'ratio': 0.5}}
    other = {'chainer': '7.8.1', 'numpy': '1.26.4',
             'case': {'link_ms': 3.0, 'function_ms': 3.0, 'ratio': 1.0}}
    bench._add_comparison(result, other)
    assert result['against'] == {'chainer': '7.8.1', 'numpy': '1.26.4'}
    assert result['case']['speedup_link'] == 3.0 and result['case']['speedup_function'] == 1.5
    assert json.dumps(result)
    assert numpy.isclose(result['case']['against_link_ms'], 3.0)
