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
    assert str(e.value) == ('\nInvalid operation is performed in: MyNode (Forward)\n\n'
                            'Expect: in_types[0].ndim == 1\nActual: 2 != 1')
    with type_check.get_function_check_context(node):
        node.check_type_forward(_types(numpy.zeros(2)))


def test_v7_constructors_and_printing():
    import operator
    x = type_check.Variable(3, 'x')
    c = type_check.Constant(4)
    assert (x.priority, c.priority) == (8, 8)
    add = type_check.BinaryOperator(4, x, c, '+', operator.add)
    assert str(add) == 'x + 4' and add.eval() == 7
    assert (add._eval_left(), add._eval_right()) == (3, 4)
    neg = type_check.UnaryOperator(6, x, '-', operator.neg)
    assert str(neg) == '-x' and neg.eval() == -3
    eq = type_check.BoolBinaryOperator(x, c, '==', '!=', operator.eq)
    with pytest.raises(type_check.InvalidType) as e:
        eq.expect()
    assert (e.value.expect, e.value.actual) == ('x == 4', '3 != 4')
    call = type_check.Call(type_check.Variable(len, 'len'), (type_check.Constant([1]), 'a'))
    assert str(call) == "len([1], 'a')"
    # v7's priorities and parentheses
    assert str((x + c) * c) == '(x + 4) * 4'
    assert str(x - (c - x)) == 'x - (4 - x)' and str((x - c) - x) == 'x - 4 - x'
    assert str(x ** (c ** x)) == 'x ** 4 ** x' and str((x ** c) ** x) == '(x ** 4) ** x'
    assert str(-(x + c)) == '-(x + 4)'
    assert str(x == 'a') == "x == 'a'"
    assert str(x.shape[1:]) == 'x.shape[1:]' and str(x[1, ...]) == 'x[1, ...]'
    with pytest.raises(RuntimeError, match='cannot be evaluated as bool'):
        bool(x == 3)
    with pytest.raises(AssertionError):
        type_check.expect(x + 1)


def test_v7_private_helpers():
    import operator
    x = type_check.Variable(3, 'x')
    assert type_check._repr('a') == "'a'" and type_check._repr(numpy.int64(3)) == '3'
    assert type_check._str_subscript((1, slice(None, 3))) == '1, :3'
    assert type_check._str_subscript(Ellipsis) == '...'
    assert type_check._eval_expr([x, 2]) == [3, 2]
    assert type_check._prod_impl([2, 3]) == 6 and str(type_check.prod(x)) == 'prod(x)'
    assert type_check._flip(operator.sub)(2, 5) == 3
    assert str(type_check._make_bin_operator('+', 4, operator.add)(x, 1)) == 'x + 1'
    assert str(type_check._make_un_operator('-', 6, operator.neg)(x)) == '-x'
    cmp = type_check._make_bool_operator('<', '>=', operator.lt)(x, 1)
    assert isinstance(cmp, type_check.BoolBinaryOperator) and str(cmp) == 'x < 1'
    a = numpy.zeros((2, 3), numpy.float32)
    t = type_check._get_type('in_types', 0, a, False, a.shape)
    assert str(t.dtype) == 'in_types[0].dtype' and type_check.eval(t.shape) == (2, 3)
    assert type_check._thread_local is not None
    types = type_check.get_types((a,), 'in_types', False, shapes=[(3, 2)])
    assert type_check.eval(types[0].shape) == (3, 2)
