"""``tools/bench/trainer.py`` must train the same way on both sides (and keep running)."""
import pytest


@pytest.fixture
def bench(load_bench, monkeypatch):
    bench = load_bench('trainer')
    monkeypatch.setattr(bench, 'N_TRAIN', 300)
    monkeypatch.setattr(bench, 'N_VAL', 200)
    return bench


def test_the_trainer_and_the_loop_do_the_same_work(bench, tmp_path):
    train, val = bench._data()
    bench._check_same_work(train, val, str(tmp_path))  # raises if they disagree


def test_compare_reports_both_setups(bench, tmp_path):
    train, val = bench._data()
    mlp = bench.time_epochs(train, val, str(tmp_path), 1)
    cheap = bench.time_epochs(train, val, str(tmp_path), 2, predictor=bench._linear)
    assert set(mlp) == set(cheap) == {'loop', 'log_eval', 'log_eval_print_progress'}
    assert [len(times) for times in cheap.values()] == [2, 2, 2]
    result = bench.compare(mlp, cheap)
    assert set(result) == {'loop_ms_per_iter', 'log_eval', 'log_eval_print_progress'}
    for name in ('log_eval', 'log_eval_print_progress'):
        assert set(result[name]) == {'trainer_ms_per_iter', 'overhead',
                                     'overhead_median_of_rounds', 'extra_ms_per_epoch',
                                     'overhead_from_extra_time'}
        assert result[name]['trainer_ms_per_iter'] > 0
