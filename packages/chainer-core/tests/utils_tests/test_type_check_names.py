"""v7 names of chainer.utils.type_check: Atom, GetAttr, BoolBinaryOperator, light mode."""
import numpy
import pytest

from chainer import function_node
from chainer.utils import type_check


def _types(*arrays):
    return type_check.get_types(arrays, 'in_types', False)


def test_expression_classes():
    t, = _types(numpy.zeros((2, 3), numpy.float32))
    assert isinstance(t, type_check.Atom)
    attr = t.shape
    assert isinstance(attr, type_check.GetAttr) and isinstance(attr, type_check.Atom)
    assert isinstance(attr[0], type_check.GetItem)
    cmp = attr[0] == 3
    assert isinstance(cmp, type_check.BoolBinaryOperator)
    assert isinstance(cmp, type_check.Testable)
    assert str(cmp) == 'in_types[0].shape[0] == 3'
    with pytest.raises(type_check.InvalidType):
        type_check.expect(cmp)
    assert not isinstance(attr[0] + 1, type_check.BoolBinaryOperator)
    assert type_check.eval(attr[0] + 1) == 3


def test_light_mode():
    assert not type_check.in_light_mode()
    assert isinstance(type_check.light_mode, type_check.LightMode)
    with type_check.light_mode:
        assert type_check.in_light_mode()
    assert not type_check.in_light_mode()
    x = numpy.zeros((2, 3))
    types = type_check.get_light_types((x,))
    assert isinstance(types, type_check.LightTypeInfoTuple)
    assert types.size() == 1 and types[0] is x


class _Node(function_node.FunctionNode):
    @property
    def label(self):
        return 'MyNode'

    def check_type_forward(self, in_types):
        type_check.expect(in_types[0].ndim == 1)


def test_get_function_check_context():
    node = _Node()
    with pytest.raises(type_check.InvalidType) as e:
        with type_check.get_function_check_context(node):
            node.check_type_forward(_types(numpy.zeros((2, 3))))
    message = str(e.value)
    assert message.startswith('Invalid operation is performed in: MyNode (Forward)')
    assert 'Expect: in_types[0].ndim == 1' in message
    with type_check.get_function_check_context(node):
        node.check_type_forward(_types(numpy.zeros(2)))
