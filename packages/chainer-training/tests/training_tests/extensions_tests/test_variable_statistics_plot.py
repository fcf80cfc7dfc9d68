"""VariableStatisticsPlot, Reservoir and Statistician."""
import os

import numpy
import pytest

import chainer
from chainer import testing
from chainer.training import extensions
from chainer.training.extensions import variable_statistics_plot as vsp


def test_reservoir_keeps_a_uniform_sample():
    numpy.random.seed(0)
    counts = numpy.zeros(20)
    for _ in range(400):
        reservoir = vsp.Reservoir(5, (2,))
        for i in range(20):
            reservoir.add(numpy.full(2, i, numpy.float32), idx=i)
        idxs, data = reservoir.get_data()
        assert list(idxs) == sorted(idxs) and len(set(idxs)) == 5
        numpy.testing.assert_array_equal(data[:, 0], idxs)
        counts[idxs] += 1
    # every item is kept with probability 5/20
    numpy.testing.assert_allclose(counts / 400, 0.25, atol=0.08)


def test_reservoir_before_it_is_full():
    reservoir = vsp.Reservoir(3, ())
    reservoir.add(7.0)
    idxs, data = reservoir.get_data()
    assert list(idxs) == [0] and list(data) == [7.0]


def test_statistician():
    x = numpy.arange(12, dtype=numpy.float32).reshape(3, 4)
    stats = vsp.Statistician(True, True, (0, 50, 100))(x, axis=0)
    numpy.testing.assert_allclose(stats['mean'], x.mean(axis=0))
    numpy.testing.assert_allclose(stats['std'], x.std(axis=0))
    numpy.testing.assert_allclose(stats['percentile'],
                                  numpy.percentile(x, (0, 50, 100), axis=0))
    whole = vsp.Statistician(True, False, ())(x, axis=None)
    assert set(whole) == {'mean'} and whole['mean'] == pytest.approx(5.5)


def test_collects_data_and_grad_statistics(tmp_path):
    pytest.importorskip('matplotlib', reason='the plot needs the [plot] extra')
    link = chainer.links.Linear(3, 4)
    link.W.grad = numpy.ones((4, 3), numpy.float32)
    trainer = testing.get_trainer_with_mock_updater((4, 'iteration'), iter_per_epoch=2)
    trainer.out = str(tmp_path)
    plot = extensions.VariableStatisticsPlot(link, trigger=(2, 'iteration'),
                                             filename='stats.png')
    trainer.extend(plot)
    trainer.run()
    assert os.listdir(tmp_path) == ['stats.png']
    idxs, data = plot._samples.get_data()
    assert list(idxs) == [1, 2, 3, 4]
    values = numpy.concatenate([link.W.array.ravel(), link.b.array.ravel()])
    expected = [values.mean(), values.std()] + list(numpy.percentile(
        values, (0, 0.13, 2.28, 15.87, 50, 84.13, 97.72, 99.87, 100)))
    numpy.testing.assert_allclose(data[0, 0], expected, rtol=1e-5, atol=1e-6)
    assert numpy.isnan(data[0, 1]).all()  # b has no gradient


def test_arguments():
    link = chainer.links.Linear(2, 2)
    plot = extensions.VariableStatisticsPlot([link.W, link.b], plot_mean=False,
                                             plot_std=False, percentile_sigmas=50,
                                             report_grad=False, file_name='x.png')
    assert plot._data_shape == (1, 1) and plot._filename == 'x.png'
    with pytest.raises(ValueError, match='Nothing to plot'):
        extensions.VariableStatisticsPlot(link, plot_mean=False, plot_std=False,
                                          percentile_sigmas=())
    with pytest.raises(ValueError, match='Need at least one variables'):
        extensions.VariableStatisticsPlot([])


def test_module_flag_as_v7(monkeypatch):
    # v7's tests emulate a missing matplotlib by setting the module's _available flag.
    pytest.importorskip('matplotlib', reason='the flag is True only with the [plot] extra')
    vsp._try_import_matplotlib()
    assert vsp._available is True
    monkeypatch.setattr(vsp, '_available', False)
    with pytest.warns(UserWarning, match='matplotlib is not installed'):
        assert not vsp.VariableStatisticsPlot(chainer.links.Linear(2, 3)).available()
