"""``tools/bench/static_graph.py`` must compare chains that compute the same."""
import importlib.util
import pathlib

_BENCH = pathlib.Path(__file__).resolve().parents[4] / 'tools' / 'bench' / 'static_graph.py'


def _load_bench():
    spec = importlib.util.spec_from_file_location('static_graph_bench', _BENCH)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_static_and_plain_chains_train_alike():
    bench = _load_bench()
    static, plain = bench._Static(), bench._Plain()
    for x, t in bench._batches(4):
        assert abs(bench._step(static, x, t) - bench._step(plain, x, t)) < 1e-5
    assert static.schedule_manager.schedules
