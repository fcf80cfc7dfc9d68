"""Collecting reported values (``Reporter``) and averaging them (``Summary``, ``DictSummary``).

Code running inside a reporter's scope calls :func:`chainer.report`; the values land in the
observation dict of the innermost current reporter, named ``'<observer name>/<key>'`` when an
observer is given.  Each thread has its own stack of current reporters.
"""
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

_stack_holder = threading.local()


def _get_reporters():
    """Returns this thread's stack (a list) of current reporters, innermost last."""
    stack = getattr(_stack_holder, 'reporters', None)
    if stack is None:
        stack = _stack_holder.reporters = []
    return stack


def _detached(value):
    # Reported variables are stored as graph-less copies, so that the graph can be released.
    return copy.copy(value) if isinstance(value, variable.Variable) else value


class Reporter:
    """Receiver of reported values.

    Observers (any objects, told apart by identity) are given names with
    :meth:`add_observer`; values reported on behalf of an observer get its name as a prefix.
    A reporter is made current with ``with reporter:`` or :meth:`scope`, and
    :func:`chainer.report` writes into the current one.

    Attributes:
        observation (dict): Where reported values are written.
    """

    def __init__(self):
        self._observer_names = {}
        self.observation = {}

    def __enter__(self):
        """Pushes this reporter on the stack of current reporters."""
        _get_reporters().append(self)

    def __exit__(self, exc_type, exc_value, traceback):
        """Pops this reporter from the stack of current reporters."""
        _get_reporters().pop()

    @contextlib.contextmanager
    def scope(self, observation):
        """Makes this reporter current and writes reports into ``observation`` meanwhile.

        Args:
            observation (dict): Dict receiving the values reported inside the block.
        """
        saved = self.observation
        self.observation = observation
        _get_reporters().append(self)
        try:
            yield
        finally:
            _get_reporters().pop()
            self.observation = saved

    def add_observer(self, name, observer):
        """Gives ``observer`` the name ``name`` (the prefix of the keys it reports)."""
        self._observer_names[id(observer)] = name

    def add_observers(self, prefix, observers):
        """Registers ``(name, observer)`` pairs, each name prefixed by ``prefix``."""
        for name, observer in observers:
            self.add_observer(prefix + name, observer)

    def report(self, values, observer=None):
        """Writes ``values`` into :attr:`observation`.

        Variables are stored without their graph unless ``chainer.config.keep_graph_on_report``
        is set.

        Args:
            values (dict): Reported values by key.
            observer: Registered observer whose name prefixes the keys (``'name/key'``).

        Raises:
            KeyError: ``observer`` was not registered.
        """
        if not configuration.config.keep_graph_on_report:
            values = {key: _detached(value) for key, value in values.items()}
        if observer is None:
            self.observation.update(values)
            return
        try:
            prefix = self._observer_names[id(observer)] + '/'
        except KeyError:
            raise KeyError('Given observer is not registered to the reporter.') from None
        for key, value in values.items():
            self.observation[prefix + key] = value


def get_current_reporter():
    """Returns the innermost current reporter (``IndexError`` when there is none).

    .. admonition:: Example

        >>> reporter = chainer.Reporter()
        >>> with reporter:
        ...     chainer.reporter.get_current_reporter() is reporter
        True
    """
    return _get_reporters()[-1]


def report(values, observer=None):
    """Reports values to the current reporter, if there is one.

    For instance a model can publish its loss::

        def forward(self, x, t):
            loss = F.softmax_cross_entropy(self.predictor(x), t)
            chainer.report({'loss': loss}, self)
            return loss

    Args:
        values (dict): Reported values by key.
        observer: Object whose registered name prefixes the keys.

    .. admonition:: Example

        >>> reporter = chainer.Reporter()
        >>> model = chainer.Link()
        >>> reporter.add_observer('model', model)
        >>> observation = {}
        >>> with reporter.scope(observation):
        ...     chainer.report({'loss': 0.5})
        ...     chainer.report({'loss': 0.25}, model)  # the name of the observer is prepended
        >>> observation
        {'loss': 0.5, 'model/loss': 0.25}
    """
    stack = _get_reporters()
    if stack:
        stack[-1].report(values, observer)


@contextlib.contextmanager
def report_scope(observation):
    """Redirects the current reporter's output to ``observation`` within the block.

    Unlike :meth:`Reporter.scope`, the reporter stack is left untouched.

    Args:
        observation (dict): Dict receiving the values reported inside the block.

    .. admonition:: Example

        >>> reporter = chainer.Reporter()
        >>> observation = {}
        >>> with reporter:
        ...     with chainer.reporter.report_scope(observation):
        ...         chainer.report({'accuracy': 0.75})
        >>> observation
        {'accuracy': 0.75}
    """
    current = get_current_reporter()
    saved = current.observation
    current.observation = observation
    try:
        yield
    finally:
        current.observation = saved


class Summary:
    """Running weighted mean and standard deviation of scalar values.

    Values may be Python/NumPy scalars or 0-dim arrays of any device; the sums stay on the
    device of the values.
    """

    def __init__(self):
        self._x = 0.0
        self._x2 = 0.0
        self._n = 0

    def add(self, value, weight=1):
        """Accumulates ``value`` with the given ``weight`` (a scalar or 0-dim array)."""
        if isinstance(weight, (numpy.ndarray, numpy.generic)) and weight.ndim == 0:
            # A NumPy scalar weight changes neither the dtype of the sums nor of the mean
            # (as under NumPy 1's rules; a Python scalar under NumPy 2's).
            weight = weight.item()
        if isinstance(value, (numpy.ndarray, numpy.generic)):
            # NumPy scalars are summed in float64 (as NumPy 1 promotes ``0.0 + float32``; under
            # NumPy 2 the sums would stay float32 and lose precision); arrays keep their dtype.
            if value.ndim == 0 and value.dtype.kind in 'biuf':
                value = numpy.float64(value)
            weighted = weight * value
            self._x += weighted
            self._x2 += weighted * value
            self._n += weight
            return
        if isinstance(value, chainerx.ndarray):  # pragma: no cover (no ChainerX)
            value = value.as_grad_stopped()
        with backend.using_device(backend.get_device_from_array(value)):
            weighted = weight * value
            self._x += weighted
            self._x2 += weighted * value
            self._n += weight

    def compute_mean(self):
        """Returns the weighted mean."""
        with backend.using_device(backend.get_device_from_array(self._x)):
            return self._x / self._n

    def make_statistics(self):
        """Returns the pair ``(mean, standard deviation)``."""
        total = self._x
        xp = backend.get_array_module(total)
        with backend.using_device(backend.get_device_from_array(total)):
            mean = total / self._n
            return mean, xp.sqrt(self._x2 / self._n - mean * mean)

    def serialize(self, serializer):
        """Saves or restores the running sums (warns when a snapshot lacks them)."""
        try:
            for key in ('_x', '_x2', '_n'):
                setattr(self, key, serializer(key, getattr(self, key)))
        except KeyError:
            warnings.warn('The previous statistics are not saved.')


def _scalar_like(value):
    return numpy.isscalar(value) or getattr(value, 'ndim', -1) == 0


def _unwrap(value):
    return value.array if isinstance(value, variable.Variable) else value


class DictSummary:
    """Per-key :class:`Summary` of a stream of dicts.

    Only scalar-like entries (scalars, 0-dim arrays and variables holding them) are
    accumulated; other entries are skipped.  An entry given as ``(value, weight)`` is weighted.
    """

    def __init__(self):
        self._summaries = collections.defaultdict(Summary)

    def add(self, d):
        """Accumulates the scalar-like entries of the dict ``d``."""
        for key, entry in d.items():
            weight = 1
            if isinstance(entry, tuple):
                entry, weight = entry[0], _unwrap(entry[1])
                if not _scalar_like(weight):
                    raise ValueError('Given weight to {} was not scalar.'.format(key))
            value = _unwrap(entry)
            if isinstance(value, (str, bytes)) or not _scalar_like(value):
                continue
            self._summaries[key].add(value, weight=weight)

    def compute_mean(self):
        """Returns a dict of the mean of each key."""
        return {key: s.compute_mean() for key, s in self._summaries.items()}

    def make_statistics(self):
        """Returns a dict with the mean under each key and the standard deviation under
        ``'<key>.std'``."""
        stats = {}
        for key, s in self._summaries.items():
            stats[key], stats[key + '.std'] = s.make_statistics()
        return stats

    def serialize(self, serializer):
        """Saves or restores the keys (as JSON under ``'_names'``) and their summaries."""
        from chainer import serializer as serializer_module
        if isinstance(serializer, serializer_module.Serializer):
            keys = list(self._summaries)
            serializer('_names', json.dumps(keys))
        else:
            self._summaries.clear()
            try:
                keys = json.loads(serializer('_names', ''))
            except KeyError:
                warnings.warn('The names of statistics are not saved.')
                return
        for position, key in enumerate(keys):
            self._summaries[key].serialize(serializer['_summaries'][str(position)])
