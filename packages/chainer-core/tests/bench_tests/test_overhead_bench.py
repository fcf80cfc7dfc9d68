"""``tools/bench/overhead.py`` must time the same math on both sides (and keep running)."""
import numpy
import pytest

import chainer


@pytest.fixture
def bench(load_bench):
    return load_bench('overhead')


def test_numpy_floor_computes_the_chainer_gradients(bench):
    mul, add = bench._params(6)
    x = numpy.ones(10, numpy.float32)
    mul_vars = [chainer.Parameter(a) for a in mul]
    add_vars = [chainer.Parameter(b) for b in add]
    bench.chainer_step(x, mul_vars, add_vars)
    floor_grads = bench.numpy_step(x, mul, add)
    expected = []
    for a, b in zip(reversed(mul_vars), reversed(add_vars)):
        expected += [b.grad, a.grad]
    assert len(floor_grads) == len(expected)
    for got, want in zip(floor_grads, expected):
        numpy.testing.assert_allclose(got, want, rtol=1e-6)


def test_measure_reports_both_collector_settings(bench):
    result = bench.measure(4, repeat=1)
    assert set(result) == {'ops', 'chainer_us_per_op', 'numpy_us_per_op', 'ratio',
                           'chainer_us_per_op_gc_off', 'ratio_gc_off'}
    assert result['ops'] == 4 and result['ratio'] > 0
