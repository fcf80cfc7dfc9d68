"""``tools/bench/static_graph.py`` must compare chains that compute the same."""
import pytest


@pytest.fixture
def bench(load_bench):
    return load_bench('static_graph')


def test_static_and_plain_chains_train_alike(bench):
    static, plain = bench._Static(), bench._Plain()
    for x, t in bench._batches(4):
        assert abs(bench._step(static, x, t) - bench._step(plain, x, t)) < 1e-5
    assert static.schedule_manager.schedules
