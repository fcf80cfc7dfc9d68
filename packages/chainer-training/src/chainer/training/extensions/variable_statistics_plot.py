"""VariableStatisticsPlot: plots statistics (mean, std, percentiles) of variables over the
training, with a fixed-size reservoir sample of the history (needs matplotlib)."""
import os

import numpy

from chainer import backend
from chainer import link as link_module
from chainer import variable
from chainer.training import extension
from chainer.training import util
from chainer.training.extensions import _plot
from chainer.utils import argument

_PERCENTILE_SIGMAS = (0, 0.13, 2.28, 15.87, 50, 84.13, 97.72, 99.87, 100)


# Whether matplotlib imports: None until looked for (v7's module-level flag, which tests set).
_available = None


def _try_import_matplotlib():
    """Sets ``_available`` by trying to import matplotlib."""
    global _available
    _available = _plot.matplotlib_available()


def _check_available():
    """Looks for matplotlib once and warns if it is missing."""
    _plot.check_module_flag(globals(), 'VariableStatisticsPlot')


class Reservoir:
    """Uniform random sample of at most ``size`` items of a stream (reservoir sampling).

    Args:
        size (int): Capacity of the sample.
        data_shape (tuple): Shape of an item.
        dtype: Dtype of the items.
    """

    def __init__(self, size, data_shape, dtype=numpy.float32):
        self.size = size
        self.data = numpy.zeros((size,) + tuple(data_shape), dtype=dtype)
        self.idxs = numpy.zeros((size,), dtype=numpy.int32)
        self.counter = 0

    def add(self, x, idx=None):
        """Offers item ``x`` (with index ``idx``, the item count when None) to the sample."""
        if self.counter < self.size:
            slot = self.counter
        else:
            slot = numpy.random.randint(self.counter + 1)
        if slot < self.size:
            self.data[slot] = x
            self.idxs[slot] = self.counter if idx is None else idx
        self.counter += 1

    def get_data(self):
        """Returns ``(indexes, items)`` of the sample, sorted by index."""
        n = min(self.counter, self.size)
        order = numpy.argsort(self.idxs[:n], kind='stable')
        return self.idxs[:n][order], self.data[:n][order]


class Statistician:
    """Computes the mean, the standard deviation and percentiles of arrays along axes.

    Args:
        collect_mean (bool): Compute the mean.
        collect_std (bool): Compute the standard deviation.
        percentile_sigmas (float or tuple of float): Percentiles to compute (in [0, 100]).
    """

    def __init__(self, collect_mean, collect_std, percentile_sigmas):
        self.collect_mean = collect_mean
        self.collect_std = collect_std
        self.percentile_sigmas = percentile_sigmas

    def __call__(self, x, axis=0, dtype=None, xp=None):
        """Returns a dict of the statistics of ``x`` along ``axis`` (all axes when None);
        ``dtype`` and ``xp`` are accepted for compatibility."""
        if axis is None:
            axis = tuple(range(x.ndim))
        return self.collect(x, axis)

    def collect(self, x, axis):
        """Returns ``{'mean': ..., 'std': ..., 'percentile': ...}`` (the requested ones)."""
        xp = backend.get_array_module(x)
        out = {}
        if self.collect_mean:
            out['mean'] = x.mean(axis=axis)
        if self.collect_std:
            out['std'] = x.std(axis=axis)
        if self.percentile_sigmas:
            out['percentile'] = xp.percentile(x, self.percentile_sigmas, axis=axis)
        return out


def _variables(targets):
    if not isinstance(targets, (list, tuple)):
        targets = targets,
    found = []
    for target in targets:
        if isinstance(target, link_module.Link):
            found.extend(target.params())
        elif isinstance(target, variable.Variable):
            found.append(target)
    return tuple(found)


class VariableStatisticsPlot(extension.Extension):
    """Trainer extension plotting statistics of variables (or of the parameters of links).

    Every call computes, over all the elements of the variables, the mean, the standard
    deviation and percentiles of their data and of their gradients, and offers them to a
    reservoir sample of at most ``max_sample_size`` points; when ``trigger`` fires, the sample
    is plotted to ``<out>/<filename>`` (one panel for the data, one for the gradients).
    Without matplotlib it warns once and plots nothing.

    Args:
        targets (~chainer.Variable, ~chainer.Link or list of them): What to watch.
        max_sample_size (int): Capacity of the reservoir sample.
        report_data (bool): Watch the data.
        report_grad (bool): Watch the gradients.
        plot_mean (bool): Plot the mean.
        plot_std (bool): Plot the mean plus and minus the standard deviation.
        percentile_sigmas (float or tuple of float): Percentiles to plot (in [0, 100]).
        trigger: When to plot (a trigger or an ``IntervalTrigger`` tuple).
        filename (str): Name of the image file (``'statistics.png'`` when None;
            ``file_name`` is accepted as an alias).
        figsize (tuple): matplotlib figure size.
        marker (str): matplotlib marker of the lines.
        grid (bool): Draw grids.
    """

    def __init__(self, targets, max_sample_size=1000, report_data=True, report_grad=True,
                 plot_mean=True, plot_std=True, percentile_sigmas=_PERCENTILE_SIGMAS,
                 trigger=(1, 'epoch'), filename=None, figsize=None, marker=None, grid=True,
                 **kwargs):
        file_name, = argument.parse_kwargs(kwargs, ('file_name', 'statistics.png'))
        if filename is None:
            filename = file_name
        self._vars = _variables(targets)
        if not self._vars:
            raise ValueError('Need at least one variables for which to collect statistics.'
                             '\nActual: 0 <= 0')
        if numpy.isscalar(percentile_sigmas):
            percentile_sigmas = percentile_sigmas,
        if not any((plot_mean, plot_std, bool(percentile_sigmas))):
            raise ValueError('Nothing to plot')

        self._keys = []
        if report_data:
            self._keys.append('data')
        if report_grad:
            self._keys.append('grad')
        self._report_data = report_data
        self._report_grad = report_grad
        self._statistician = Statistician(
            collect_mean=plot_mean, collect_std=plot_std,
            percentile_sigmas=percentile_sigmas)
        self._plot_mean = plot_mean
        self._plot_std = plot_std
        self._plot_percentile = bool(percentile_sigmas)
        self._trigger = util.get_trigger(trigger)
        self._filename = filename
        self._figsize = figsize
        self._marker = marker
        self._grid = grid

        n_statistics = int(plot_mean) + int(plot_std) + len(percentile_sigmas)
        self._data_shape = (len(self._keys), n_statistics)
        self._samples = Reservoir(max_sample_size, data_shape=self._data_shape)
        _check_available()

    @staticmethod
    def available():
        """Returns True if matplotlib is installed (warns if it is not)."""
        _check_available()
        return _available

    def __call__(self, trainer):
        stats = numpy.full(self._data_shape, numpy.nan, dtype=numpy.float32)
        for row, key in enumerate(self._keys):
            arrays = [getattr(v, key) for v in self._vars]
            if any(a is None for a in arrays):
                continue  # some gradient is missing: a row of NaN
            xp = backend.get_array_module(arrays[0])
            flat = xp.concatenate([a.ravel() for a in arrays])
            collected = self._statistician(flat, axis=0)
            values = []
            if self._plot_mean:
                values.append(collected['mean'])
            if self._plot_std:
                values.append(collected['std'])
            if self._plot_percentile:
                values.extend(collected['percentile'])
            stats[row] = [float(v) for v in values]
        self._samples.add(stats, idx=trainer.updater.iteration)

        if self._trigger(trainer) and _available:
            fig = _plot.new_figure(self._figsize)
            self._draw(fig)
            _plot.save_figure(fig, os.path.join(trainer.out, self._filename),
                              bbox_inches='tight')

    def save_plot_using_module(self, file_path, plt):
        """Draws the plot with the pyplot module ``plt`` and saves it to ``file_path``."""
        fig = plt.figure(figsize=self._figsize)
        self._draw(fig)
        fig.savefig(file_path, bbox_inches='tight')
        plt.close(fig)

    def _draw(self, fig):
        idxs, data = self._samples.get_data()
        n_percentiles = len(self._statistician.percentile_sigmas or ())
        for row, key in enumerate(self._keys):
            axes = fig.add_subplot(1, len(self._keys), row + 1)
            axes.set_title(key)
            axes.set_xlabel('iteration')
            if self._grid:
                axes.grid()
            column = 0
            mean = None
            if self._plot_mean:
                mean = data[:, row, column]
                axes.plot(idxs, mean, marker=self._marker, label='mean')
                column += 1
            if self._plot_std:
                std = data[:, row, column]
                center = mean if mean is not None else numpy.zeros_like(std)
                axes.plot(idxs, center + std, marker=self._marker, label='mean + std')
                axes.plot(idxs, center - std, marker=self._marker, label='mean - std')
                column += 1
            if n_percentiles:
                percentiles = data[:, row, column:column + n_percentiles]
                # shade the bands between symmetric percentiles, innermost darkest
                for i in range(n_percentiles // 2):
                    axes.fill_between(idxs, percentiles[:, i], percentiles[:, -1 - i],
                                      color='C0', alpha=0.15, linewidth=0)
                if n_percentiles % 2:
                    axes.plot(idxs, percentiles[:, n_percentiles // 2], color='C0',
                              alpha=0.5, label='median')
            axes.legend(loc='best')
