"""snapshot and snapshot_object: save the trainer (or any object) periodically, with
atomic writes, retention of the newest files and automatic resume (``autoload``)."""
import os
import re
import string
import warnings
import zipfile
import zlib

from chainer.serializers import npz
from chainer.training import extension
from chainer.training.extensions import snapshot_writers
from chainer.utils import argument


def _always_true():
    return True


def _template_regex(template):
    # 'snapshot_iter_{.updater.iteration}' -> re 'snapshot_iter_.*' (each field matches any
    # text), matched against whole file names.
    parts = []
    for literal, field, _, _ in string.Formatter().parse(template):
        parts.append(re.escape(literal))
        if field is not None:
            parts.append('.*')
    return re.compile(''.join(parts))


def _find_snapshot_files(fmt, path):
    """Returns ``(mtime, name)`` of the files of directory ``path`` named like the template
    ``fmt``, oldest first."""
    if not os.path.isdir(path):
        return []
    regex = _template_regex(fmt)
    found = []
    for entry in os.scandir(path):
        if regex.fullmatch(entry.name) and entry.is_file():
            found.append((entry.stat().st_mtime, entry.name))
    # equal times (a coarse clock) are ordered by the numbers in the names
    found.sort(key=lambda item: (item[0], _natural_key(item[1])))
    return found


def _natural_key(name):
    return [(0, int(part), '') if part.isdigit() else (1, 0, part)
            for part in re.split(r'(\d+)', name)]


def _find_latest_snapshot(fmt, path):
    """Returns the name of the newest snapshot named like ``fmt`` in ``path``, or None."""
    found = _find_snapshot_files(fmt, path)
    return found[-1][1] if found else None


def _find_stale_snapshots(fmt, path, n_retains, **kwargs):
    """Yields the names of the snapshots named like ``fmt`` in ``path`` but the newest
    ``n_retains``, oldest first."""
    found = _find_snapshot_files(fmt, path)
    for _, name in found[:max(len(found) - n_retains, 0)]:
        yield name


def _incomplete_reason(path):
    """Returns why the NPZ file ``path`` cannot be loaded (truncated, corrupt), or None."""
    try:
        with zipfile.ZipFile(path) as zf:
            bad = zf.testzip()  # reads every member and checks its CRC
    except (zipfile.BadZipFile, OSError, EOFError, zlib.error) as e:
        return '{}: {}'.format(type(e).__name__, e)
    if bad is not None:
        return 'member {} is corrupt'.format(bad)
    return None


class _RetentionCleanup:
    """Removes the snapshots named like ``template`` in ``outdir`` but the newest
    ``n_retains`` (picklable, so that writers may run it in another process)."""

    def __init__(self, template, outdir, n_retains):
        self.template = template
        self.outdir = outdir
        self.n_retains = n_retains

    def __call__(self):
        for name in _find_stale_snapshots(self.template, self.outdir, self.n_retains):
            try:
                os.remove(os.path.join(self.outdir, name))
            except FileNotFoundError:
                pass


class _Snapshot(extension.Extension):
    """The extension returned by :func:`snapshot` and :func:`snapshot_object`."""

    trigger = 1, 'epoch'
    priority = extension.PRIORITY_WRITER - 400  # -100: after every other extension

    def __init__(self, target=None, condition=None, writer=None,
                 filename='snapshot_iter_{.updater.iteration}', snapshot_on_error=False,
                 n_retains=-1, autoload=False):
        self._target = target
        self.filename = filename
        self.condition = _always_true if condition is None else condition
        self.writer = snapshot_writers.SimpleWriter() if writer is None else writer
        self._snapshot_on_error = snapshot_on_error
        self.n_retains = n_retains
        self.autoload = autoload
        self._cleanup_registered = False

    @property
    def _loads_state_on_initialize(self):
        # The trainer initializes such extensions first, so that the others' initialize
        # sees the restored state.
        return self.autoload

    def initialize(self, trainer):
        """Loads the newest complete snapshot when ``autoload`` is set (a truncated or corrupt
        newer one is skipped with a warning)."""
        self._set_up_retention(trainer.out)
        if not self.autoload or not isinstance(self.filename, str):
            return
        target = trainer if self._target is None else self._target
        for _, name in reversed(_find_snapshot_files(self.filename, trainer.out)):
            path = os.path.join(trainer.out, name)
            reason = _incomplete_reason(path)
            if reason is not None:
                warnings.warn('snapshot: ignoring the incomplete snapshot {} ({})'.format(
                    path, reason))
                continue
            npz.load_npz(path, target)
            return

    def _set_up_retention(self, outdir):
        # With n_retains > 0, the writer removes the older snapshots after each save.
        if (self.n_retains > 0 and isinstance(self.filename, str)
                and not self._cleanup_registered):
            self.writer._add_cleanup_hook(
                _RetentionCleanup(self.filename, outdir, self.n_retains))
            self._cleanup_registered = True

    def on_error(self, trainer, exc, tb):
        """Takes a snapshot when ``snapshot_on_error`` is set."""
        if self._snapshot_on_error:
            self._make_snapshot(trainer)

    def __call__(self, trainer):
        if self.condition():
            self._make_snapshot(trainer)

    def _make_snapshot(self, trainer):
        self._set_up_retention(trainer.out)
        target = trainer if self._target is None else self._target
        serialized = npz.serialize(target)
        filename = self.filename
        if callable(filename):
            filename = filename(trainer)
        else:
            filename = filename.format(trainer)
        self.writer(filename, trainer.out, serialized)

    def finalize(self):
        """Waits for the writer to finish."""
        finalize = getattr(self.writer, 'finalize', None)
        if finalize is not None:
            finalize()


_OPTIONS = (('condition', None), ('writer', None), ('snapshot_on_error', False),
            ('n_retains', -1), ('autoload', False))


def _writer(savefun, writer):
    if savefun is not None and writer is not None:
        raise TypeError('savefun and writer arguments cannot be specified together.')
    if writer is None:
        writer = snapshot_writers.SimpleWriter(
            savefun=npz.save_npz if savefun is None else savefun)
    return writer


def snapshot_object(target, filename, savefun=None, **kwargs):
    """Returns an extension saving ``target`` (e.g. a model) to ``<out>/<filename>``.

    Args:
        target: The object to save (with a ``serialize`` method).
        filename (str or callable): File name, formatted with the trainer
            (``'model_iter_{.updater.iteration}'``), or ``filename(trainer)``.
        savefun: ``savefun(path, serialized_dict)``; :func:`chainer.serializers.save_npz`
            by default (not with ``writer``).
        condition: Callable ``condition()``; a snapshot is taken only when it returns True.
        writer: A :mod:`~chainer.training.extensions.snapshot_writers` writer.
        snapshot_on_error (bool): Also take a snapshot when the training loop raises.
        n_retains (int): Keep only the newest ``n_retains`` snapshots (all when negative).
        autoload (bool): Load the newest complete snapshot found in the output directory
            before training (a truncated one is skipped with a warning).

    .. admonition:: Example

        >>> import os, tempfile
        >>> from chainer import testing
        >>> from chainer.training import extensions
        >>> model = chainer.Link()
        >>> with tempfile.TemporaryDirectory() as out:
        ...     trainer = testing.get_trainer_with_mock_updater((3, 'iteration'))
        ...     trainer.out = out
        ...     trainer.extend(extensions.snapshot_object(model, 'model_{.updater.iteration}'),
        ...                    trigger=(1, 'iteration'))
        ...     trainer.run()
        ...     print(sorted(os.listdir(out)))
        ['model_1', 'model_2', 'model_3']
    """
    options = dict(zip((name for name, _ in _OPTIONS),
                       argument.parse_kwargs(kwargs, *_OPTIONS)))
    options['writer'] = _writer(savefun, options['writer'])
    return _Snapshot(target=target, filename=filename, **options)


def snapshot(savefun=None, filename='snapshot_iter_{.updater.iteration}', **kwargs):
    """Returns an extension saving the whole trainer (updater, optimizers, models, iterators,
    extensions, triggers) to ``<out>/<filename>``; register it with the trigger of your choice
    (one epoch by default).

    Args:
        savefun: ``savefun(path, serialized_dict)``; :func:`chainer.serializers.save_npz`
            by default (not with ``writer``).
        filename (str or callable): File name, formatted with the trainer, or
            ``filename(trainer)``.
        target: Object to save instead of the trainer.
        condition: Callable ``condition()``; a snapshot is taken only when it returns True.
        writer: A :mod:`~chainer.training.extensions.snapshot_writers` writer.
        snapshot_on_error (bool): Also take a snapshot when the training loop raises.
        n_retains (int): Keep only the newest ``n_retains`` snapshots (all when negative).
        autoload (bool): Load the newest complete snapshot found in the output directory
            before training (a truncated one is skipped with a warning).

    .. admonition:: Example

        >>> import os, tempfile
        >>> from chainer import testing
        >>> from chainer.training import extensions
        >>> with tempfile.TemporaryDirectory() as out:
        ...     trainer = testing.get_trainer_with_mock_updater((2, 'iteration'))
        ...     trainer.out = out
        ...     trainer.extend(extensions.snapshot(), trigger=(1, 'iteration'))
        ...     trainer.run()
        ...     print(sorted(os.listdir(out)))
        ['snapshot_iter_1', 'snapshot_iter_2']
    """
    values = argument.parse_kwargs(kwargs, ('target', None), *_OPTIONS)
    options = dict(zip(('target',) + tuple(name for name, _ in _OPTIONS), values))
    options['writer'] = _writer(savefun, options['writer'])
    return _Snapshot(filename=filename, **options)
