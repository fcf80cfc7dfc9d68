"""The extension protocol of the trainer: :class:`Extension`, :func:`make_extension` and the
``PRIORITY_*`` constants.

An extension is any callable taking the trainer. The trainer reads these optional attributes
from it: ``trigger`` (when to call it), ``priority`` (order among the extensions fired at the same
iteration, higher first), ``name``/``default_name``, ``initialize(trainer)`` (before the loop,
also after a resume), ``on_error(trainer, exc, tb)``, ``finalize()`` and ``serialize(serializer)``.
"""
from chainer.utils import argument

PRIORITY_WRITER = 300
"""Priority of extensions that write records to the observation dict (e.g. Evaluator)."""
PRIORITY_EDITOR = 200
"""Priority of extensions that edit the records in the observation dict."""
PRIORITY_READER = 100
"""Priority of extensions that only read the observation dict (e.g. LogReport)."""

_INVOKE_BEFORE_TRAINING_REMOVED = (
    'invoke_before_training has been removed since Chainer v2.0.0. Use initializer= instead.')


class Extension:
    """Base class of trainer extensions.

    Subclasses override :meth:`__call__`; the class attributes :attr:`trigger` and
    :attr:`priority` are the defaults :meth:`Trainer.extend <chainer.training.Trainer.extend>`
    uses when none is given.

    Attributes:
        trigger: Default trigger, ``(1, 'iteration')``.
        priority (int): Default priority, :data:`PRIORITY_READER`.
        name (str): Name given by the trainer at registration (``None`` before).
    """

    trigger = 1, 'iteration'
    priority = PRIORITY_READER
    name = None

    @property
    def default_name(self):
        """Name used when none is given to ``extend``: the class name."""
        return type(self).__name__

    def __call__(self, trainer):
        """Runs the extension when its trigger fires.

        Args:
            trainer (~chainer.training.Trainer): The trainer.
        """
        raise NotImplementedError('Extension implementation must override __call__.')

    def initialize(self, trainer):
        """Called once before the training loop (also when a run is resumed)."""
        pass

    def on_error(self, trainer, exc, tb):
        """Called when the training loop raised ``exc`` (with traceback ``tb``)."""
        pass

    def finalize(self):
        """Called once at the end of training (also after an error)."""
        pass

    def serialize(self, serializer):
        """Saves or restores the state of the extension (none by default)."""
        pass


def make_extension(trigger=None, default_name=None, priority=None, finalizer=None,
                   initializer=None, on_error=None, **kwargs):
    """Decorator that turns a function (or class) into an extension by setting its attributes.

    Args:
        trigger: Default trigger (``(1, 'iteration')`` when ``None``).
        default_name (str): Default name (the function's ``__name__`` when ``None``).
        priority (int): Default priority (:data:`PRIORITY_READER` when ``None``).
        finalizer: Callable run at the end of training (its ``finalize``).
        initializer: Callable ``initializer(trainer)`` run before the loop (its ``initialize``).
        on_error: Callable ``on_error(trainer, exc, tb)`` run when the loop raises.

    .. admonition:: Example

        >>> import tempfile
        >>> from chainer import training
        >>> @training.make_extension(trigger=(1, 'iteration'), priority=training.PRIORITY_READER)
        ... def print_iteration(trainer):
        ...     print('iteration', trainer.updater.iteration)
        >>> print_iteration.trigger, print_iteration.priority, print_iteration.default_name
        ((1, 'iteration'), 100, 'print_iteration')
        >>> from chainer import testing
        >>> trainer = testing.get_trainer_with_mock_updater((2, 'iteration'))  # a stand-in trainer
        >>> trainer.extend(print_iteration)
        >>> with tempfile.TemporaryDirectory() as out:
        ...     trainer.out = out  # the directory the trainer writes to
        ...     trainer.run()
        iteration 1
        iteration 2
    """
    if kwargs:
        argument.check_unexpected_kwargs(
            kwargs, invoke_before_training=_INVOKE_BEFORE_TRAINING_REMOVED)
        argument.assert_kwargs_empty(kwargs)
    if trigger is None:
        trigger = Extension.trigger
    if priority is None:
        priority = Extension.priority

    def decorator(ext):
        ext.trigger = trigger
        ext.default_name = default_name or ext.__name__
        ext.priority = priority
        ext.finalize = finalizer
        ext.on_error = on_error
        ext.initialize = initializer
        return ext

    return decorator
