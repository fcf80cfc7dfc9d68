"""PlotReport: plots the mean of observed values over the training (needs matplotlib)."""
import json
import os

from chainer import reporter
from chainer import serializer as serializer_module
from chainer.training import extension
from chainer.training import util
from chainer.training.extensions import _plot
from chainer.utils import argument


# Whether matplotlib imports: None until looked for (v7's module-level flag, which tests set).
_available = None


def _try_import_matplotlib():
    """Sets ``_available`` by trying to import matplotlib."""
    global _available
    _available = _plot.matplotlib_available()


def _check_available():
    """Looks for matplotlib once and warns if it is missing."""
    _plot.check_module_flag(globals(), 'PlotReport')


class PlotReport(extension.Extension):
    """Trainer extension plotting the means of observed values, one point per interval.

    Every iteration the observation is added to a running mean; when ``trigger`` fires (and
    when called before the first update, with ``call_before_training``), a point
    ``(x, mean)`` is added for each of ``y_keys`` (``x`` is the updater's ``epoch`` or
    ``iteration``, or the mean of the observed ``x_key``) and the figure is written to
    ``<out>/<filename>``. Without matplotlib (``pip install chainer-training[plot]``) it warns
    once and plots nothing.

    Args:
        y_keys (str or list of str): Observation keys of the plotted values.
        x_key (str): ``'epoch'``, ``'iteration'`` or an observation key.
        trigger: Interval of the points (a trigger or an ``IntervalTrigger`` tuple).
        postprocess: Callable ``postprocess(figure, axes, summary)`` run before saving.
        filename (str): Name of the image file (``'plot.png'`` when None; ``file_name`` is
            accepted as an alias).
        marker (str): Marker of the points.
        grid (bool): Draw a grid.
    """

    def __init__(self, y_keys, x_key='iteration', trigger=(1, 'epoch'), postprocess=None,
                 filename=None, marker='x', grid=True, **kwargs):
        file_name, = argument.parse_kwargs(kwargs, ('file_name', 'plot.png'))
        if filename is None:
            filename = file_name
        if isinstance(y_keys, str):
            y_keys = y_keys,
        self._x_key = x_key
        self._y_keys = y_keys
        self._trigger = util.get_trigger(trigger)
        self._file_name = filename
        self._marker = marker
        self._grid = grid
        self._postprocess = postprocess
        self._init_summary()
        self._data = {key: [] for key in y_keys}
        _check_available()

    @staticmethod
    def available():
        """Returns True if matplotlib is installed (warns if it is not)."""
        _check_available()
        return _available

    def __call__(self, trainer):
        keys = self._y_keys
        observation = trainer.observation
        self._summary.add({key: observation[key] for key in keys if key in observation})
        if self._x_key in observation:
            self._summary.add({self._x_key: observation[self._x_key]})
        # as v7, a point is also made when called before the first update
        # (``call_before_training``), without consulting the trigger
        if not (trainer.is_before_training or self._trigger(trainer)):
            return

        stats = self._summary.compute_mean()
        updater = trainer.updater
        if self._x_key == 'epoch':
            x = updater.epoch
        elif self._x_key == 'iteration':
            x = updater.iteration
        else:
            x = float(stats[self._x_key])
        for key in keys:
            if key in stats:
                self._data[key].append((x, float(stats[key])))

        if _available:
            self._plot(os.path.join(trainer.out, self._file_name))
        self._init_summary()

    def _plot(self, path):
        fig = _plot.new_figure()
        axes = fig.add_subplot(111)
        axes.set_xlabel(self._x_key)
        if self._grid:
            axes.grid()
        for key in self._y_keys:
            points = self._data[key]
            if points:
                xs, ys = zip(*points)
                axes.plot(xs, ys, marker=self._marker, label=key)
        if not axes.has_data():
            return
        if self._postprocess is not None:
            self._postprocess(fig, axes, self._summary)
        legend = axes.legend(bbox_to_anchor=(1.05, 1), loc=2, borderaxespad=0.)
        _plot.save_figure(fig, path, bbox_extra_artists=(legend,), bbox_inches='tight')

    def serialize(self, serializer):
        """Saves or restores the points, as JSON under ``'_plot_<filename>'`` (v7's only key:
        the running means of a resumed run start afresh)."""
        key = '_plot_{}'.format(self._file_name)
        if isinstance(serializer, serializer_module.Serializer):
            serializer(key, json.dumps(self._data))
        else:
            self._data = {k: [tuple(point) for point in points]
                          for k, points in json.loads(serializer(key, '')).items()}

    def _init_summary(self):
        self._summary = reporter.DictSummary()
