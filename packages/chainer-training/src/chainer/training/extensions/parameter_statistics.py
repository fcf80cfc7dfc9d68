"""ParameterStatistics: reports statistics of the parameters and gradients of links."""
import numpy

from chainer import backend
from chainer import reporter
from chainer.training import extension
from chainer.training import util

_PERCENTILE_SIGMAS = (0.13, 2.28, 15.87, 50, 84.13, 97.72, 99.87)


def _nan_if_empty(function):
    def statistic(x):
        if x.size == 0:
            return backend.get_array_module(x).nan
        return function(x)
    return statistic


def _percentiles(x):
    xp = backend.get_array_module(x)
    if x.size == 0:
        return xp.full(len(_PERCENTILE_SIGMAS), xp.nan)
    return xp.percentile(x, _PERCENTILE_SIGMAS)


def _zeros(x):
    nonzero = backend.get_array_module(x).count_nonzero(x)
    if isinstance(nonzero, numpy.generic):  # NumPy 2's intp: a Python int, as v7 reports
        nonzero = int(nonzero)
    return x.size - nonzero


class ParameterStatistics(extension.Extension):
    """Trainer extension reporting statistics of the parameters (and gradients) of links.

    Every call computes each statistic of each (flattened) parameter array; the means over
    the interval are reported when ``trigger`` fires, under the keys
    ``'{prefix}/{link name}{parameter path}/{data|grad}/{statistic}'`` (with an index suffix
    ``/i`` for statistics returning several values, e.g. the percentiles).

    Args:
        links (~chainer.Link or list of them): The links.
        statistics (dict): Functions of a flat array by name; ``'default'`` for
            :attr:`default_statistics`, None for none.
        report_params (bool): Report the statistics of the parameter values.
        report_grads (bool): Report the statistics of the gradients.
        prefix (str): Prefix of the keys.
        trigger: Interval of the reports (a trigger or an ``IntervalTrigger`` tuple).
        skip_nan_params (bool): Report NaN instead of computing statistics of an array
            containing NaN.
    """

    default_name = 'parameter_statistics'
    priority = extension.PRIORITY_WRITER

    report_key_template = '{prefix}{link_name}{param_name}/{attr_name}/{function_name}'
    """Format of the reported keys."""

    default_statistics = {
        'mean': _nan_if_empty(lambda x: backend.get_array_module(x).mean(x)),
        'std': _nan_if_empty(lambda x: backend.get_array_module(x).std(x)),
        'min': _nan_if_empty(lambda x: backend.get_array_module(x).min(x)),
        'max': _nan_if_empty(lambda x: backend.get_array_module(x).max(x)),
        'zeros': _zeros,
        'percentile': _percentiles,
    }
    """The statistics used by default: mean, std, min, max, number of zeros, and the
    percentiles at 0.13, 2.28, 15.87, 50, 84.13, 97.72, 99.87 (the sigmas of a normal
    distribution)."""

    def __init__(self, links, statistics='default', report_params=True, report_grads=True,
                 prefix=None, trigger=(1, 'epoch'), skip_nan_params=False):
        if not isinstance(links, (list, tuple)):
            links = links,
        self._links = links
        if statistics is None:
            statistics = {}
        elif statistics == 'default':
            statistics = self.default_statistics
        self._statistics = dict(statistics)
        attrs = []
        if report_params:
            attrs.append('data')
        if report_grads:
            attrs.append('grad')
        self._attrs = attrs
        self._prefix = prefix
        self._trigger = util.get_trigger(trigger)
        self._skip_nan_params = skip_nan_params
        self._summary = reporter.DictSummary()

    def register_statistics(self, name, function):
        """Adds a statistic ``function(flat_array)`` reported under ``name``."""
        self._statistics[name] = function

    def __call__(self, trainer):
        stats = {}
        prefix = self._prefix + '/' if self._prefix else ''
        for link in self._links:
            link_name = link.name
            for param_name, param in link.namedparams():
                if param.array is None:
                    continue  # not initialized yet
                for attr_name in self._attrs:
                    self._add_statistics(stats, prefix, link_name, param_name, attr_name,
                                         self._flat_array(param, attr_name))
        self._summary.add(stats)
        if self._trigger(trainer):
            reporter.report(self._summary.compute_mean())
            self._summary = reporter.DictSummary()

    # Nothing is serialized (as in v7): a snapshot holds no key of this extension, and a
    # resumed run starts a fresh interval.

    @staticmethod
    def _flat_array(param, attr_name):
        array = getattr(param, attr_name)
        if array is None:  # no gradient: its statistics are NaN
            array = param.xp.full(param.shape, param.xp.nan, param.dtype)
        return array.ravel()

    def _add_statistics(self, stats, prefix, link_name, param_name, attr_name, array):
        xp = backend.get_array_module(array)
        skip = self._skip_nan_params and bool(xp.isnan(array).any())
        for function_name, function in self._statistics.items():
            key = self.report_key_template.format(
                prefix=prefix, link_name=link_name, param_name=param_name,
                attr_name=attr_name, function_name=function_name)
            if skip:
                stats[key] = xp.nan
                continue
            value = function(array)
            if getattr(value, 'ndim', 0) == 0:
                stats[key] = value
            else:
                for i, v in enumerate(value):
                    stats['{}/{}'.format(key, i)] = v
