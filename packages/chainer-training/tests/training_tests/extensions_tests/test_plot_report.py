"""PlotReport: points per interval, the PNG file, postprocess, resume, no matplotlib."""
import os
import warnings

import pytest

import chainer
from chainer import serializers
from chainer import testing
from chainer import training
from chainer.training import extensions
from chainer.training.extensions import plot_report

PNG_SIGNATURE = b'\x89PNG\r\n\x1a\n'


def _trainer(tmp_path, stop=6):
    trainer = testing.get_trainer_with_mock_updater((stop, 'iteration'), iter_per_epoch=2)
    trainer.out = str(tmp_path)

    @training.make_extension(priority=training.PRIORITY_WRITER)
    def report(trainer):
        i = trainer.updater.iteration
        chainer.report({'a': float(i), 'b': 2.0 * i})

    trainer.extend(report)
    return trainer


def _is_png(path):
    with open(path, 'rb') as f:
        return f.read(8) == PNG_SIGNATURE


@pytest.fixture
def matplotlib():
    return pytest.importorskip('matplotlib', reason='PlotReport needs the [plot] extra')


def test_points_and_file(tmp_path, matplotlib):
    trainer = _trainer(tmp_path)
    calls = []
    plot = extensions.PlotReport(['a', 'b'], 'epoch', filename='p.png',
                                 postprocess=lambda f, a, s: calls.append(type(f).__name__))
    assert (plot.trigger, plot.priority) == ((1, 'iteration'), 100)
    trainer.extend(plot)
    trainer.extend(extensions.PlotReport('a', trigger=(3, 'iteration'), file_name='q.png'),
                   name='q')
    trainer.run()
    assert plot._data == {'a': [(1, 1.5), (2, 3.5), (3, 5.5)],
                          'b': [(1, 3.0), (2, 7.0), (3, 11.0)]}
    assert calls == ['Figure'] * 3
    assert trainer.get_extension('q')._data == {'a': [(3, 2.0), (6, 5.0)]}
    assert sorted(os.listdir(tmp_path)) == ['p.png', 'q.png']
    assert _is_png(tmp_path / 'p.png') and _is_png(tmp_path / 'q.png')
    assert extensions.PlotReport.available()


def test_call_before_training_plots_iteration_0(tmp_path, matplotlib):
    # as v7: called before the first update, PlotReport adds a point (and writes the file)
    # without consulting its trigger
    trainer = _trainer(tmp_path, stop=3)
    trainer.extend(lambda t: chainer.report({'a': 10.0}) if t.is_before_training else None,
                   name='early', call_before_training=True, priority=training.PRIORITY_WRITER)
    plot = extensions.PlotReport(['a'], trigger=(2, 'iteration'))
    trainer.extend(plot, call_before_training=True)
    written = []
    trainer.extend(lambda t: written.append(os.listdir(tmp_path)), name='ls', priority=0,
                   call_before_training=True)
    trainer.run()
    assert plot._data == {'a': [(0, 10.0), (2, 1.5)]}
    assert written[0] == ['plot.png']
    assert _is_png(tmp_path / 'plot.png')


def test_nothing_observed_writes_nothing(tmp_path, matplotlib):
    trainer = _trainer(tmp_path, stop=2)
    trainer.extend(extensions.PlotReport(['absent']))
    trainer.run()
    assert os.listdir(tmp_path) == []


def test_resume(tmp_path, matplotlib):
    trainer = _trainer(tmp_path, stop=3)
    plot = extensions.PlotReport(['a'], 'epoch')
    trainer.extend(plot)
    trainer.run()
    saved = serializers.npz.serialize(plot)
    assert saved['_plot_plot.png'] == '{"a": [[1, 1.5]]}'
    restored = extensions.PlotReport(['a'], 'epoch')
    restored.serialize(serializers.NpzDeserializer(saved))
    assert restored._data == {'a': [(1, 1.5)]}
    resumed = _trainer(tmp_path, stop=6)
    for _ in range(3):
        resumed.updater.update()
    resumed.extend(restored)
    resumed.run()
    # As in v7 only the points are saved: the resumed epoch 2 averages iteration 4 alone.
    assert restored._data == {'a': [(1, 1.5), (2, 4.0), (3, 5.5)]}


def test_snapshot_keys_are_v7s(tmp_path, matplotlib):
    trainer = _trainer(tmp_path, stop=2)
    trainer.extend(extensions.PlotReport(['a'], 'epoch', file_name='loss.png'))
    trainer.run()
    keys = set(serializers.npz.serialize(trainer))
    extension_keys = {k for k in keys if k.startswith('extensions/')}
    assert extension_keys == {'extensions/PlotReport/_plot_loss.png'}


def test_without_matplotlib_warns_once_and_plots_nothing(tmp_path, monkeypatch):
    monkeypatch.setattr(plot_report, '_available', False)  # as v7's tests emulate it
    assert not extensions.PlotReport.available()
    with warnings.catch_warnings(record=True) as record:
        warnings.simplefilter('always')
        plot = extensions.PlotReport(['a'], trigger=(1, 'iteration'))
        trainer = _trainer(tmp_path, stop=3)
        trainer.extend(plot)
        trainer.run()
    messages = [str(w.message) for w in record]
    assert len(messages) == 1 and 'matplotlib is not installed' in messages[0]
    assert plot._data == {'a': [(1, 1.0), (2, 2.0), (3, 3.0)]}
    assert os.listdir(tmp_path) == []
