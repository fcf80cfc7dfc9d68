"""Warning about non-deterministic code (``chainer.utils.nondeterministic``)."""
import warnings

from chainer import configuration


def nondeterministic(f_name):
    """Warns that ``f_name`` may give non-deterministic results.

    It warns only when ``chainer.config.warn_nondeterministic`` is on (the
    ``CHAINER_WARN_NONDETERMINISTIC`` environment variable); functions call it where they
    run code whose results can vary from run to run (e.g. atomic additions on the GPU).

    Args:
        f_name (str): Name of the function or code path, shown in the warning.
    """
    if configuration.config.warn_nondeterministic:
        warnings.warn(
            'Potentially non-deterministic code is being executed while '
            'config.warn_nondeterministic set. Source: ' + f_name)
