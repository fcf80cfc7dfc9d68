"""``tools/bench/iterators.py`` must measure what it says (and keep running)."""
import importlib.util
import pathlib

import numpy

_BENCH = pathlib.Path(__file__).resolve().parents[4] / 'tools' / 'bench' / 'iterators.py'


def _load_bench():
    spec = importlib.util.spec_from_file_location('iterators_bench', _BENCH)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_serial_round():
    assert _load_bench()._serial_round(3) > 0


def test_busy_examples():
    bench = _load_bench()
    dataset = bench.BusyDataset(4, waiting=True)
    x, t = dataset[2]
    assert x.shape == (784,) and x.dtype == numpy.float32 and t == 2


def test_multiprocess_round():
    rate, uncontended_rate, idle = _load_bench()._multiprocess_round(2, 1, waiting=True)
    assert rate > 0
    if uncontended_rate is not None:  # /proc/PID/schedstat is there
        assert uncontended_rate >= rate and 0 <= idle <= 1


def test_uncontended_figures():
    figures = _load_bench()._uncontended([(1, 10., .1)], [(1, 19., .2), (1, 18., .0)])
    assert figures == {'speedup_2_vs_1_uncontended': 1.9, 'idle_fraction_2_workers': .2}
