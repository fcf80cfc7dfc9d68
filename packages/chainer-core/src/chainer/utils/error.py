"""Helpers formatting error messages (``chainer.utils.error``)."""


def _format_array_props(arrays):
    """Returns a one-line description (type, shape, dtype) of each array for error messages.

    Args:
        arrays (list or tuple): Arrays (NumPy/CuPy) or None.
    """
    if not isinstance(arrays, (list, tuple)):
        raise TypeError('arrays must be a list or a tuple, not {}'.format(type(arrays)))
    props = []
    for array in arrays:
        if array is None:
            props.append('None')
            continue
        shape = getattr(array, 'shape', None)
        dtype = getattr(array, 'dtype', None)
        props.append('{}(shape={}, dtype={})'.format(
            '{}.{}'.format(type(array).__module__, type(array).__name__), shape, dtype))
    return '\n'.join('  {}'.format(p) for p in props)
