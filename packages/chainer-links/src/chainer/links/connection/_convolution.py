"""What the convolution links share: argument shifting, group checks and lazy weights.

A convolution link holds a weight ``W`` whose shape depends on the number of input channels
(created at the first forward pass when ``in_channels`` is ``None``) and an optional bias
``b`` of ``out_channels`` entries.
"""
from chainer import link
from chainer.links import _parameters
from chainer.utils import type_check
from chainer import variable

DETERMINISTIC_MSG = (
    'deterministic argument is not supported anymore. Use '
    "chainer.using_config('cudnn_deterministic', value) context where value is either "
    '`True` or `False`.')


def pair(x):
    """``x`` itself when it is a sequence, else ``(x, x)`` (a 2-D size, stride, ...)."""
    if hasattr(x, '__getitem__'):
        return x
    return x, x


def size_2d(value):
    """``value`` as a 2-tuple (``(value, value)`` for a scalar; ``ValueError`` for a sequence
    of another length, as unpacking gives)."""
    first, second = pair(value)
    return first, second


def shift_omitted_in_channels(in_channels, out_channels, ksize):
    """Reads ``Link(out_channels, ksize)`` (``ksize`` omitted) as ``in_channels=None``.

    Returns:
        tuple: ``(in_channels, out_channels, ksize)``.
    """
    if ksize is None:
        return None, in_channels, out_channels
    return in_channels, out_channels, ksize


def check_groups(in_channels, out_channels, groups):
    """Raises ``ValueError`` unless both channel counts are divisible by ``groups``."""
    if out_channels % groups:
        raise ValueError('the number of output channels must be divisible by the number of '
                         'groups')
    if in_channels % groups:
        raise ValueError('the number of input channels must be divisible by the number of '
                         'groups')


def filter_shape(in_channels, out_channels, ksize, groups=1, transposed=False):
    """The shape of a filter of ``groups`` channel groups.

    ``(out_channels, in_channels / groups) + ksize``, or ``(in_channels, out_channels /
    groups) + ksize`` for a transposed convolution; ``ValueError`` (see :func:`check_groups`)
    unless both channel counts are divisible by ``groups``.
    """
    check_groups(in_channels, out_channels, groups)
    if transposed:
        return (in_channels, out_channels // groups) + tuple(ksize)
    return (out_channels, in_channels // groups) + tuple(ksize)


def split_filter(W, b, groups=1):
    """Reads ``(out_channels, in_channels, ksize)`` off a convolution filter ``W``.

    ``in_channels`` counts all groups; ``ValueError`` is raised when ``b`` does not have
    ``out_channels`` entries.
    """
    out_channels, in_per_group = W.shape[:2]
    if b is not None and out_channels != b.size:
        raise ValueError('`out_channels` does not match the size of `b`')
    return out_channels, in_per_group * groups, tuple(W.shape[2:])


def as_initial_values(W, b):
    """The arrays of ``W`` and ``b`` (Variables or arrays; ``b`` may be ``None``)."""
    return variable.as_array(W), None if b is None else variable.as_array(b)


class InputNdimError(type_check.InvalidType, AssertionError):
    """The :class:`~chainer.utils.type_check.InvalidType` raised for an input of the wrong
    number of axes; it is also the ``AssertionError`` v7's n-d convolution links raise."""


def check_input_ndim(x, ndim, function_name):
    """Raises :class:`InputNdimError` unless ``x`` has ``ndim`` spatial axes (after the batch
    and channel axes)."""
    actual = len(x.shape)
    if actual != ndim + 2:
        error = type_check._in_function(type_check.InvalidType(
            'x.ndim == {}'.format(ndim + 2), '{} != {}'.format(actual, ndim + 2)), function_name)
        raise InputNdimError(error.expect, error.actual, msg=str(error))


class LazyWeightLink(link.Link):
    """Base of the links whose weight shape is known once the input channels are.

    Subclasses implement :meth:`_weight_shape` and call :meth:`_init_weights` from their
    constructor; :meth:`forward` calls :meth:`_ensure_weight` with the input.  A bias given
    no shape (``bias_shape=None``) is created with the weight, of :meth:`_bias_shape`.
    """

    def _weight_shape(self, in_channels):
        raise NotImplementedError

    def _bias_shape(self, in_channels):
        return self.out_channels

    def _init_weights(self, in_channels, initialW, nobias, initial_bias, bias_shape,
                      default_initializer=None):
        with self.init_scope():
            self.b = _parameters.bias_parameter(nobias, initial_bias, bias_shape)
            self.W = _parameters.weight_parameter(initialW, default=default_initializer)
        if in_channels is not None:
            self._initialize_params(in_channels)

    def _initialize_params(self, in_channels):
        self.W.initialize(self._weight_shape(in_channels))
        if self.b is not None and self.b.array is None:
            self.b.initialize(self._bias_shape(in_channels))

    def _ensure_weight(self, x):
        if self.W.array is None:
            self._initialize_params(x.shape[1])
