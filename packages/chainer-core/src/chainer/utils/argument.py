"""Keyword-argument helpers for v7-compatible signatures (``chainer.utils.argument``)."""
import inspect

# v7's message for the ``train`` argument that v2 replaced by ``chainer.config.train``
_TRAIN_REMOVED = 'train argument is not supported anymore. Use chainer.using_config'


def check_unexpected_kwargs(kwargs, **unexpected):
    """Raises ``ValueError`` with the given message if a removed argument was passed."""
    for key, message in unexpected.items():
        if key in kwargs:
            raise ValueError(message)


def parse_kwargs(kwargs, *name_and_values, **unexpected):
    """Pops the named keyword arguments (with defaults) and rejects anything left over.

    Returns:
        A tuple of the values, in the order of ``name_and_values``.

    .. admonition:: Example

        >>> from chainer.utils import argument
        >>> def f(x, **kwargs):
        ...     train, mode = argument.parse_kwargs(kwargs, ('train', True), ('mode', 'fast'))
        ...     return train, mode
        >>> f(0, mode='exact')
        (True, 'exact')
        >>> f(0, model='exact')
        Traceback (most recent call last):
            ...
        TypeError: f() got unexpected keyword argument(s) 'model'
    """
    values = [kwargs.pop(name, default) for name, default in name_and_values]
    if kwargs:
        check_unexpected_kwargs(kwargs, **unexpected)
        _raise_unexpected(kwargs, inspect.stack()[1][3])
    return tuple(values)


def assert_kwargs_empty(kwargs):
    """Raises ``TypeError`` naming the caller if any keyword argument is left."""
    if kwargs:
        _raise_unexpected(kwargs, inspect.stack()[1][3])


def _raise_unexpected(kwargs, caller):
    args = ', '.join(repr(arg) for arg in sorted(kwargs.keys()))
    raise TypeError(caller + '() got unexpected keyword argument(s) {}'.format(args))
