"""Evaluator: runs the model over a validation set and reports the mean observations."""
import copy
import warnings

from chainer import configuration
from chainer import function
from chainer import reporter as reporter_module
from chainer.dataset import convert
from chainer.dataset import iterator as iterator_module
from chainer.training import extension
from chainer.training.extensions import util
from chainer.utils import argument


class _EvaluatorProgressBar(util.ProgressBar):
    """The three lines of the evaluation bar: progress, example counts, speed."""

    def __init__(self, dataset_size, out=None):
        super().__init__(out=out)
        self._dataset_size = dataset_size
        self._done = 0  # examples evaluated

    def advance(self, batch_size):
        self._done += batch_size
        self.update()

    def get_lines(self):
        size = self._dataset_size
        done = self._done
        speed, _ = self.update_speed(done, 0)
        rate = min(done / size, 1.0) if size else 1.0
        return [
            self.bar_line('validation', rate),
            '{:10} / {} iterations\n'.format(done, size),
            self.speed_line(speed, (size - done) / speed if speed else 0),
        ]


class Evaluator(extension.Extension):
    """Trainer extension evaluating the model over a (finite) validation iterator.

    Each call resets the iterator (or copies it when it cannot be reset), feeds every batch
    to ``eval_func`` with ``chainer.config.train`` off and backprop disabled, averages what
    was reported per batch and reports the means with the prefix ``'<name>/'`` (the
    extension's name, ``'validation'`` by default): e.g. ``validation/main/loss``.

    Args:
        iterator: The validation iterator, or a dict of them (one named ``'main'``); it
            should not repeat.
        target: The link to evaluate, or a dict of links (one named ``'main'``).
        converter: Turns a batch into arrays (:func:`chainer.dataset.concat_examples`).
        device: Device the converter sends the arrays to (kept as a device object in
            :attr:`device`).
        eval_hook: Callable ``eval_hook(evaluator)`` run before each evaluation.
        eval_func: Called with the arrays of each batch; the main target when None.
        progress_bar (bool): Draw a progress bar of the evaluation on stdout.
    """

    trigger = 1, 'epoch'
    default_name = 'validation'
    priority = extension.PRIORITY_WRITER
    name = None

    def __init__(self, iterator, target, converter=convert.concat_examples, device=None,
                 eval_hook=None, eval_func=None, **kwargs):
        progress_bar, = argument.parse_kwargs(kwargs, ('progress_bar', False))
        if isinstance(iterator, iterator_module.Iterator):
            iterator = {'main': iterator}
        self._iterators = iterator
        for name, it in iterator.items():
            if getattr(it, 'repeat', False):
                warnings.warn(
                    'The `repeat` property of the iterator {!r} is set to `True`. The '
                    'Evaluator sweeps an iterator until it stops, so this evaluation may '
                    'never end: use an iterator with repeat=False.'.format(name))
        if not isinstance(target, dict):
            target = {'main': target}
        self._targets = target

        self.converter = converter
        self.device = convert._get_device(device)  # a Device object, as in v7
        self.eval_hook = eval_hook
        self.eval_func = eval_func
        self._progress_bar = progress_bar

    def get_iterator(self, name):
        """Returns the iterator registered under ``name``."""
        return self._iterators[name]

    def get_all_iterators(self):
        """Returns a dict of all the iterators by name."""
        return dict(self._iterators)

    def get_target(self, name):
        """Returns the target link registered under ``name``."""
        return self._targets[name]

    def get_all_targets(self):
        """Returns a dict of all the target links by name."""
        return dict(self._targets)

    def __call__(self, trainer=None):
        """Evaluates the targets and reports the results.

        It may be called without a trainer; the results are then reported to the current
        reporter, if any.

        Returns:
            dict: The mean of each reported value.
        """
        reporter = reporter_module.Reporter()
        prefix = '' if self.name is None else self.name + '/'
        for name, target in self._targets.items():
            reporter.add_observer(prefix + name, target)
            reporter.add_observers(prefix + name, target.namedlinks(skipself=True))

        with reporter, configuration.using_config('train', False):
            result = self.evaluate()
        reporter_module.report(result)
        return result

    def evaluate(self):
        """Runs the evaluation loop and returns the dict of the mean reported values.

        It must run within a reporter that knows the targets (as :meth:`__call__` sets up);
        override it to customize the evaluation.
        """
        iterator = self._iterators['main']
        eval_func = self.eval_func or self._targets['main']
        if self.eval_hook:
            self.eval_hook(self)

        if hasattr(iterator, 'reset'):
            iterator.reset()
            it = iterator
        else:
            warnings.warn(
                'This iterator does not have the reset method. Evaluator copies the iterator '
                'instead of resetting. This behavior is deprecated. Please implement the '
                'reset method.', DeprecationWarning)
            it = copy.copy(iterator)

        pbar = None
        if self._progress_bar:
            pbar = _EvaluatorProgressBar(len(getattr(it, 'dataset', ())))

        device = convert._get_device(self.device)
        summary = reporter_module.DictSummary()
        for batch in it:
            observation = {}
            with reporter_module.report_scope(observation):
                in_arrays = convert._call_converter(self.converter, batch, device)
                with function.no_backprop_mode():
                    convert._call_with_arrays(eval_func, in_arrays)
            summary.add(observation)
            if pbar is not None:
                pbar.advance(len(batch))
        if pbar is not None:
            pbar.close()
        return summary.compute_mean()

    def finalize(self):
        """Finalizes the iterators."""
        for iterator in self._iterators.values():
            iterator.finalize()
