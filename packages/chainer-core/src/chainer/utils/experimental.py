"""Marking experimental APIs (``chainer.utils.experimental``)."""
import warnings

import chainer


def experimental(api_name):
    """Declares that the user is using an experimental feature.

    Issues a :class:`FutureWarning` ``'<api_name> is experimental. The interface can change in
    the future.'`` unless ``chainer.disable_experimental_feature_warning`` is ``True``. Call it
    at the beginning of an experimental function or method::

        def f(x):
            chainer.utils.experimental('f')
            ...

    Args:
        api_name (str): The name of the API marked as experimental.

    .. admonition:: Example

        >>> import warnings
        >>> with warnings.catch_warnings(record=True) as caught:
        ...     warnings.simplefilter('always')
        ...     chainer.utils.experimental('my_function')
        >>> caught[0].category.__name__
        'FutureWarning'
        >>> str(caught[0].message).startswith('my_function is experimental.')
        True
    """
    if not getattr(chainer, 'disable_experimental_feature_warning', False):
        warnings.warn(
            '{} is experimental. The interface can change in the future.'.format(api_name),
            FutureWarning, stacklevel=3)
