"""Recurrent state of the links (``c``/``h`` Variables, ``None`` when reset) and the zero
arrays that stand for a missing state.

The state of a stateful link is part of its device residence: it moves with ``to_device``
and is assigned by ``set_state`` on the link's device.
"""
import chainer


def visit(visitor, *states):
    """Lets a device-transfer ``visitor`` move the state Variables that are set."""
    for state in states:
        if state is not None:
            visitor.visit_variable(state)


def adopt(link, name, value):
    """Checks that ``value`` is a Variable and moves it to ``link``'s device in place.

    Args:
        link (~chainer.Link): The stateful link (used for its device and error messages).
        name (str): Name of the state (``'c'`` or ``'h'``).
        value (~chainer.Variable): The new state.

    Returns:
        ~chainer.Variable: ``value``.
    """
    if not isinstance(value, chainer.Variable):
        # AssertionError is what Chainer v7 raises here.
        raise AssertionError(
            '{}.set_state: the state {} must be a chainer.Variable, not {}'.format(
                type(link).__name__, name, type(value).__name__))
    value.to_device(link.device)
    return value


def zeros(link, shape, dtype):
    """Returns a Variable of zeros of the given shape and dtype on ``link``'s device."""
    device = link.device
    with chainer.using_device(device):
        array = device.xp.zeros(shape, dtype=dtype)
    return chainer.Variable(array)
