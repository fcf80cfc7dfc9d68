"""``tools/bench/chainerx_overhead.py`` must time the same math on both sides."""
import numpy
import pytest

import chainerx


@pytest.fixture
def bench(load_bench):
    return load_bench('chainerx_overhead')


def test_numpy_floor_computes_the_chainerx_gradients(bench):
    mul, add = bench._params(6)
    x = numpy.ones(10, numpy.float32)
    mul_arrays = [chainerx.array(a).require_grad() for a in mul]
    add_arrays = [chainerx.array(b).require_grad() for b in add]
    mul_grads, add_grads = bench.chainerx_step(chainerx.array(x), mul_arrays, add_arrays)
    floor_grads = bench.numpy_step(x, mul, add)
    expected = []
    for ga, gb in zip(reversed(mul_grads), reversed(add_grads)):
        expected += [chainerx.to_numpy(gb), chainerx.to_numpy(ga)]
    assert len(floor_grads) == len(expected)
    for got, want in zip(floor_grads, expected):
        numpy.testing.assert_allclose(got, want, rtol=1e-6)


def test_measure_reports_both_collector_settings(bench):
    result = bench.measure(4, repeat=1)
    assert set(result) == {'ops', 'chainerx_us_per_op', 'numpy_us_per_op', 'ratio',
                           'chainerx_us_per_op_gc_off', 'ratio_gc_off'}
    assert result['ops'] == 4 and result['ratio'] > 0
