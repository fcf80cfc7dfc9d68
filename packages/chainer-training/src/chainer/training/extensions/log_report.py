"""LogReport: averages the observations over intervals and keeps (and writes) the log."""
import json
import os

from chainer import reporter
from chainer import serializer as serializer_module
from chainer.serializers import _atomic
from chainer.training import extension
from chainer.training import util
from chainer.utils import argument


class LogReport(extension.Extension):
    """Trainer extension keeping a log of the mean observations over each interval.

    Every iteration the observation is added to a running mean; when ``trigger`` fires (and
    when called before the first update, with ``call_before_training``), the means (as Python
    floats) with ``epoch``, ``iteration`` and ``elapsed_time`` are appended to :attr:`log`,
    which is written as JSON to ``<out>/<filename>``.

    Args:
        keys (iterable of str): Observation keys to log (all when None).
        trigger: Interval of the log entries (a trigger or an ``IntervalTrigger`` tuple).
        postprocess: Callable receiving each new entry (a dict) before it is logged.
        filename (str): Name of the log file, formatted with the entry's values
            (``'log'`` when None; ``log_name`` is accepted as an alias; ``log_name=None``
            writes no file).
    """

    def __init__(self, keys=None, trigger=(1, 'epoch'), postprocess=None, filename=None,
                 **kwargs):
        log_name, = argument.parse_kwargs(kwargs, ('log_name', 'log'))
        if filename is None:
            filename = log_name
        self._keys = keys
        self._trigger = util.get_trigger(trigger)
        self._postprocess = postprocess
        self._log = []
        self._log_name = filename
        self._init_summary()

    def __call__(self, trainer):
        observation = trainer.observation
        keys = self._keys
        if keys is None:
            self._summary.add(observation)
        else:
            self._summary.add({key: observation[key] for key in keys if key in observation})

        # as v7, an entry is also made when called before the first update
        # (``call_before_training``), without consulting the trigger
        if not (trainer.is_before_training or self._trigger(trainer)):
            return
        entry = {name: float(value) for name, value in self._summary.compute_mean().items()}
        updater = trainer.updater
        entry['epoch'] = updater.epoch
        entry['iteration'] = updater.iteration
        entry['elapsed_time'] = trainer.elapsed_time
        if self._postprocess is not None:
            self._postprocess(entry)
        self._log.append(entry)

        if self._log_name is not None:
            # a temporary file renamed into place (not fsync'ed: a log need not outlive a
            # power cut, and the training loop should not wait for the disk)
            path = os.path.join(trainer.out, self._log_name.format(**entry))
            with _atomic.atomic_path(path) as tmp:
                with open(tmp, 'w') as f:
                    json.dump(self._log, f, indent=4)
        self._init_summary()

    @property
    def log(self):
        """The list of the logged entries (dicts)."""
        return self._log

    def serialize(self, serializer):
        """Saves or restores the trigger, the running mean and the log (as JSON under
        ``_log``)."""
        if hasattr(self._trigger, 'serialize'):
            self._trigger.serialize(serializer['_trigger'])
        self._summary.serialize(serializer['_summary'])
        if isinstance(serializer, serializer_module.Serializer):
            serializer('_log', json.dumps(self._log))
        else:
            self._log = json.loads(serializer('_log', ''))

    def _init_summary(self):
        self._summary = reporter.DictSummary()
