"""Array helpers shared by functions (``chainer.utils.array``)."""
import numpy


def as_vec(x):
    """Returns ``x`` flattened to 1-D (a view where possible)."""
    return x.ravel() if x.ndim != 1 else x


def as_mat(x):
    """Returns ``x`` reshaped to 2-D with the first axis kept."""
    if x.ndim == 2:
        return x
    return x.reshape(len(x), -1)


def sum_to(x, shape):
    """Sums ``x`` over the broadcast axes so that the result has ``shape``.

    The inverse of broadcasting ``shape`` to ``x.shape``; used by gradients of broadcasting ops.

    .. admonition:: Example

        >>> x = np.array([[1, 2, 3], [4, 5, 6]], np.float32)
        >>> chainer.utils.sum_to(x, (1, 3))  # on arrays; F.sum_to is its differentiable form
        array([[5., 7., 9.]], dtype=float32)
    """
    if x.shape == shape:
        return x
    ndim = len(shape)
    lead = x.ndim - ndim
    axes = tuple(range(lead)) + tuple(
        i + lead for i, s in enumerate(shape) if s == 1 and x.shape[i + lead] != 1)
    y = x.sum(axis=axes, keepdims=True)
    if lead:
        y = y.reshape(y.shape[lead:])
    return y


def size_of_shape(shape):
    """Returns the number of elements of an array of the given shape.

    .. admonition:: Example

        >>> chainer.utils.size_of_shape((2, 3, 4))
        24
        >>> chainer.utils.size_of_shape(())
        1
    """
    size = 1
    for s in shape:
        size *= s
    return int(size)


def empty_like(x):
    """Returns an uninitialized array of the shape and dtype of ``x`` on its device."""
    if isinstance(x, numpy.ndarray):
        return numpy.empty_like(x)
    from chainer import backend
    return backend.get_array_module(x).empty_like(x)


_SMALL = 4096


def broadcast_array(x, shape):
    """Broadcasts ``x`` to ``shape`` for use as a gradient.

    Small results are materialized (a fresh writable array is cheaper to make than a NumPy
    broadcast view, whose constructor is slow Python code); large ones stay views.
    """
    if x.shape == shape:
        return x
    from chainer import backend
    xp = backend.get_array_module(x)
    size = 1
    for s in shape:
        size *= s
    if size > _SMALL:
        return xp.broadcast_to(x, shape)
    out = xp.empty(shape, x.dtype)
    out[...] = x
    return out
