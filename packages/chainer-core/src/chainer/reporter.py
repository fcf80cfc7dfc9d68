"""Reporting observed values and summarizing them (``chainer.reporter``)."""
import collections
import contextlib
import copy
import json
import threading
import warnings

import numpy

import chainerx
from chainer import backend
from chainer import configuration
from chainer import variable


def _copy_variable(value):
    # A reported Variable is stored as a copy cut off from the graph (so that the graph can be
    # freed), unless ``chainer.config.keep_graph_on_report`` is set.
    if isinstance(value, variable.Variable):
        return copy.copy(value)
    return value


class Reporter:
    """Object to which observed values are reported.

    A reporter holds a mapping from *observers* (any objects, identified by ``id``) to names;
    :meth:`report` writes values to the current ``observation`` dictionary, with the keys
    prefixed by the observer name (``'main/loss'``). A reporter becomes *current* inside
    ``with reporter:`` (or :meth:`scope`), and :func:`chainer.report` then reports to it.
    The stack of current reporters is thread-local.

    Attributes:
        observation (dict): Dictionary of observed values of the current scope.
    """

    def __init__(self):
        self._observer_names = {}
        self.observation = {}

    def __enter__(self):
        """Makes this reporter object current."""
        _get_reporters().append(self)

    def __exit__(self, exc_type, exc_value, traceback):
        """Recovers the previous reporter object to the current."""
        _get_reporters().pop()

    @contextlib.contextmanager
    def scope(self, observation):
        """Creates a scope that reports observed values to ``observation``.

        Inside the ``with`` statement this reporter is current and its observation dictionary is
        replaced by the given one.

        Args:
            observation (dict): Observation dictionary receiving the reported values.
        """
        old = self.observation
        self.observation = observation
        self.__enter__()
        try:
            yield
        finally:
            self.__exit__(None, None, None)
            self.observation = old

    def add_observer(self, name, observer):
        """Registers an observer of values.

        Args:
            name (str): Name of the observer (the prefix of the names of its values).
            observer: The observer object; observers are distinguished by ``id(observer)``,
                not by equality.
        """
        self._observer_names[id(observer)] = name

    def add_observers(self, prefix, observers):
        """Registers multiple observers at once.

        Args:
            prefix (str): Prefix of each name of observers.
            observers: Iterable of ``(name, observer)`` pairs.
        """
        for name, observer in observers:
            self._observer_names[id(observer)] = prefix + name

    def report(self, values, observer=None):
        """Reports observed values.

        The values are written with their keys, prefixed by ``'<observer name>/'`` when an
        observer is given. A :class:`~chainer.Variable` value is copied without its
        computational graph unless ``chainer.config.keep_graph_on_report`` is ``True``.

        Args:
            values (dict): Dictionary of observed values.
            observer: Observer object; it must have been registered with :meth:`add_observer`.

        Raises:
            KeyError: If ``observer`` is not registered to this reporter.
        """
        if not configuration.config.keep_graph_on_report:
            values = {k: _copy_variable(v) for k, v in values.items()}
        if observer is not None:
            observer_id = id(observer)
            if observer_id not in self._observer_names:
                raise KeyError('Given observer is not registered to the reporter.')
            observer_name = self._observer_names[observer_id]
            for key, value in values.items():
                self.observation['%s/%s' % (observer_name, key)] = value
        else:
            self.observation.update(values)


_reporters = threading.local()


def _get_reporters():
    try:
        return _reporters.reporters
    except AttributeError:
        reporters = _reporters.reporters = []
        return reporters


def get_current_reporter():
    """Returns the current reporter object (``IndexError`` if there is none)."""
    return _get_reporters()[-1]


def report(values, observer=None):
    """Reports observed values with the current reporter object.

    Does nothing when no reporter is current. Typical use inside a link::

        class Classifier(chainer.Chain):
            def forward(self, x, t):
                loss = F.softmax_cross_entropy(self.predictor(x), t)
                chainer.report({'loss': loss}, self)
                return loss

    Args:
        values (dict): Dictionary of observed values.
        observer: Observer object whose registered name prefixes the keys.
    """
    reporters = _get_reporters()
    if reporters:
        reporters[-1].report(values, observer)


@contextlib.contextmanager
def report_scope(observation):
    """Makes the current reporter write to ``observation`` inside the ``with`` statement.

    Equivalent to ``get_current_reporter().scope(observation)``, except that the reporter is
    not made current again.

    Args:
        observation (dict): Observation dictionary receiving the reported values.
    """
    current = _get_reporters()[-1]
    old = current.observation
    current.observation = observation
    try:
        yield
    finally:
        current.observation = old


class Summary:
    """Online summarization of a sequence of scalars (weighted mean and standard deviation)."""

    def __init__(self):
        self._x = 0.0
        self._x2 = 0.0
        self._n = 0

    def add(self, value, weight=1):
        """Adds a scalar value.

        Args:
            value: Scalar value to accumulate: a Python or NumPy scalar, or a 0-dim array (on
                CPU or GPU).
            weight: Weight of the value (a scalar or 0-dim array); 1 by default.
        """
        if isinstance(value, chainerx.ndarray):  # pragma: no cover (no ChainerX)
            value = value.as_grad_stopped()
        with backend.using_device(backend.get_device_from_array(value)):
            self._x += weight * value
            self._x2 += weight * value * value
            self._n += weight

    def compute_mean(self):
        """Computes the mean."""
        x, n = self._x, self._n
        with backend.using_device(backend.get_device_from_array(x)):
            return x / n

    def make_statistics(self):
        """Computes and returns the mean and standard deviation values.

        Returns:
            tuple: Mean and standard deviation values.
        """
        x, n = self._x, self._n
        xp = backend.get_array_module(x)
        with backend.using_device(backend.get_device_from_array(x)):
            mean = x / n
            var = self._x2 / n - mean * mean
            std = xp.sqrt(var)
            return mean, std

    def serialize(self, serializer):
        """Serializes or deserializes the accumulated statistics."""
        try:
            self._x = serializer('_x', self._x)
            self._x2 = serializer('_x2', self._x2)
            self._n = serializer('_n', self._n)
        except KeyError:
            warnings.warn('The previous statistics are not saved.')


class DictSummary:
    """Online summarization of a sequence of dictionaries of scalars.

    Only scalars, 0-dim arrays and Variables of 0-dim arrays are accumulated; other entries are
    ignored. A ``(value, weight)`` tuple adds a weighted value.
    """

    def __init__(self):
        self._summaries = collections.defaultdict(Summary)

    def add(self, d):
        """Adds a dictionary of scalars.

        Args:
            d (dict): Dictionary of scalars to accumulate. When a value is a tuple, its second
                element is the weight of the first.
        """
        summaries = self._summaries
        for k, v in d.items():
            w = 1
            if isinstance(v, tuple):
                v, w = v[0], v[1]
                if isinstance(w, variable.Variable):
                    w = w.array
                if not numpy.isscalar(w) and not getattr(w, 'ndim', -1) == 0:
                    raise ValueError('Given weight to {} was not scalar.'.format(k))
            if isinstance(v, variable.Variable):
                v = v.array
            if isinstance(v, (str, bytes)):
                continue
            if numpy.isscalar(v) or getattr(v, 'ndim', -1) == 0:
                summaries[k].add(v, weight=w)

    def compute_mean(self):
        """Returns a dictionary of the mean value of every entry."""
        return {name: summary.compute_mean() for name, summary in self._summaries.items()}

    def make_statistics(self):
        """Returns a dictionary of statistics of every entry.

        For an entry named ``'key'`` the mean is stored as ``'key'`` and the standard deviation
        as ``'key.std'``.
        """
        stats = {}
        for name, summary in self._summaries.items():
            mean, std = summary.make_statistics()
            stats[name] = mean
            stats[name + '.std'] = std
        return stats

    def serialize(self, serializer):
        """Serializes or deserializes the summaries (names and statistics)."""
        from chainer import serializer as serializer_module
        if isinstance(serializer, serializer_module.Serializer):
            names = list(self._summaries.keys())
            serializer('_names', json.dumps(names))
            for index, name in enumerate(names):
                self._summaries[name].serialize(serializer['_summaries'][str(index)])
        else:
            self._summaries.clear()
            try:
                names = json.loads(serializer('_names', ''))
            except KeyError:
                warnings.warn('The names of statistics are not saved.')
                return
            for index, name in enumerate(names):
                self._summaries[name].serialize(serializer['_summaries'][str(index)])
