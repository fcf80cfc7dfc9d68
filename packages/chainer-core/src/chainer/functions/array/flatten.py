from chainer.functions.array import reshape


def flatten(x):
    """Flatten a given array into one dimension.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input variable.

    Returns:
        ~chainer.Variable: Output variable flatten to one dimension.

    .. note::

       When you input a scalar array (i.e. the shape is ``()``),
       you can also get the one dimension array whose shape is ``(1,)``.

    """
    return reshape.reshape(x, (x.size,))
