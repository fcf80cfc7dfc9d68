"""The Intel64 (iDeep) backend (``chainer.backends.intel64``).

iDeep (``ideep4py``) is not supported by this build: :func:`is_ideep_available` is ``False``,
:func:`should_use_ideep` never selects it, and :class:`Intel64Device` (``'@intel64'``) behaves
as the NumPy device, saying so once with a warning.
"""
import warnings

import numpy

import chainer
from chainer import _backend
from chainer.backends import _cpu

ideep = None
_ideep_version = None
_error = ImportError('ideep4py is not supported by Chainer 8')
_warned = False


class mdarray:
    """Dummy ``ideep4py.mdarray`` used for type testing (iDeep is not available)."""

    def __init__(self, *args, **kwargs):
        check_ideep_available()


def _warn_once():
    global _warned
    if not _warned:
        _warned = True
        warnings.warn('iDeep (ideep4py) is not available: the @intel64 device behaves as the '
                      'NumPy (@numpy) device.', RuntimeWarning, stacklevel=3)


class Intel64Device(_backend.Device):
    """Device for the Intel64 (iDeep) backend. Its device specifier is ``'@intel64'``.

    Without iDeep the device holds plain NumPy arrays and computes with NumPy.
    """

    xp = numpy
    name = '@intel64'
    supported_array_types = (numpy.ndarray, mdarray)

    __hash__ = _backend.Device.__hash__

    def __init__(self):
        _warn_once()

    @staticmethod
    def from_array(array):
        """Returns an :class:`Intel64Device` for an iDeep array, else ``None``."""
        if isinstance(array, mdarray):
            return Intel64Device()
        return None

    def __eq__(self, other):
        return isinstance(other, Intel64Device)

    def __repr__(self):
        return '<{}>'.format(self.__class__.__name__)

    def send_array(self, array):
        """Returns ``array`` as a NumPy array (iDeep arrays are not used without iDeep)."""
        return _cpu._array_to_cpu(array)


def is_ideep_available():
    """Returns ``True`` if iDeep is installed and usable (always ``False`` in this build)."""
    return _ideep_version is not None and _ideep_version == 2


def check_ideep_available():
    """Raises :class:`RuntimeError` if iDeep is not available."""
    if _ideep_version is None:
        raise RuntimeError('iDeep is not available.\nReason: {}: {}'.format(
            type(_error).__name__, str(_error)))
    elif _ideep_version != 2:  # pragma: no cover
        raise RuntimeError('iDeep is not available.\nReason: Unsupported iDeep version '
                           '({})'.format(_ideep_version))


_SHOULD_USE_IDEEP = {
    '==always': {'always': True, 'auto': False, 'never': False},
    '>=auto': {'always': True, 'auto': True, 'never': False},
}


def should_use_ideep(level):
    """Determines if iDeep should be used (``chainer.config.use_ideep`` and availability).

    Args:
        level (str): ``'==always'`` or ``'>=auto'``.

    Returns:
        bool: Always ``False`` here, since iDeep is not available.
    """
    if not is_ideep_available():
        return False
    if level not in _SHOULD_USE_IDEEP:  # pragma: no cover
        raise ValueError('invalid iDeep use level: %s '
                         'must be either of "==always" or ">=auto"' % repr(level))
    use_ideep = chainer.config.use_ideep  # pragma: no cover
    flags = _SHOULD_USE_IDEEP[level]  # pragma: no cover
    if use_ideep not in flags:  # pragma: no cover
        raise ValueError('invalid use_ideep configuration: %s '
                         '(must be either of "always", "auto", or "never")' % repr(use_ideep))
    return flags[use_ideep]  # pragma: no cover


def inputs_all_ready(inputs, supported_ndim=(2, 4)):
    """Returns whether the inputs can be handled by an iDeep primitive (never, here)."""
    return is_ideep_available()
