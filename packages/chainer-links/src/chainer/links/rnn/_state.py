"""Recurrent state of the links (``c``/``h`` Variables, ``None`` when reset), the mixins
that hold it, and the zero arrays that stand for a missing state.

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


class HiddenState:
    """Mixin (listed before the link class) of the links whose state is the hidden state
    ``h``: it moves with the link, :meth:`set_state` sets it and :meth:`reset_state` forgets
    it."""

    def device_resident_accept(self, visitor):
        """Visits the parameters and the state ``h`` (they move together)."""
        super().device_resident_accept(visitor)
        visit(visitor, self.h)

    def set_state(self, h):
        """Sets the hidden state (a Variable, moved to the link's device)."""
        self.h = adopt(self, 'h', h)

    def reset_state(self):
        """Forgets the hidden state (``h`` becomes ``None``)."""
        self.h = None


class CellState:
    """Mixin (listed before the link class) of the LSTMs whose state is the cell state ``c``
    and the output ``h``: they move with the link and :meth:`reset_state` forgets them."""

    def device_resident_accept(self, visitor):
        """Visits the parameters and the state ``c`` and ``h`` (they move together)."""
        super().device_resident_accept(visitor)
        visit(visitor, self.c, self.h)

    def reset_state(self):
        """Forgets the state: ``c`` and ``h`` become ``None``."""
        self.c = self.h = None


class SettableCellState(CellState):
    """:class:`CellState` that :meth:`set_state` can also set."""

    def set_state(self, c, h):
        """Sets the cell state and the output (Variables, moved to the link's device)."""
        self.c = adopt(self, 'c', c)
        self.h = adopt(self, 'h', h)
