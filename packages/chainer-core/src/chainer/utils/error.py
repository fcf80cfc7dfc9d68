"""Helpers formatting error messages (``chainer.utils.error``)."""


def _format_array_props(arrays):
    """Returns the shapes and dtypes of ``arrays`` for error messages: ``(2, 3):float32, ...``.

    Args:
        arrays (list or tuple): Arrays (NumPy/CuPy).
    """
    return ', '.join('{}:{}'.format(array.shape, array.dtype) for array in arrays)
