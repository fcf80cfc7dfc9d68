"""``tools/bench/iterators.py`` must measure what it says (and keep running)."""
import numpy
import pytest


@pytest.fixture
def bench(load_bench):
    return load_bench('iterators')


def test_serial_round(bench):
    assert bench._serial_round(3) > 0


def test_busy_examples(bench):
    dataset = bench.BusyDataset(4, waiting=True)
    x, t = dataset[2]
    assert x.shape == (784,) and x.dtype == numpy.float32 and t == 2


def test_multiprocess_round(bench):
    rate, uncontended_rate, idle = bench._multiprocess_round(2, 1, waiting=True)
    assert rate > 0
    if uncontended_rate is not None:  # /proc/PID/schedstat is there
        assert uncontended_rate >= rate and 0 <= idle <= 1


def test_uncontended_figures(bench):
    figures = bench._uncontended([(1, 10., .1)], [(1, 19., .2), (1, 18., .0)])
    assert figures == {'speedup_2_vs_1_uncontended': 1.9, 'idle_fraction_2_workers': .2}
