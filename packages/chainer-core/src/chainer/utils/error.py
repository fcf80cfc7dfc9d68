"""Helpers formatting error messages (``chainer.utils.error``)."""


def _format_array_props(arrays):
    """Returns the shapes and dtypes of ``arrays`` for error messages: ``(2, 3):float32, ...``.

    Args:
        arrays (list or tuple): Arrays (NumPy/CuPy/ChainerX); a None entry shows as ``None``.
    """
    return ', '.join('None' if array is None else '{}:{}'.format(array.shape, array.dtype)
                     for array in arrays)
