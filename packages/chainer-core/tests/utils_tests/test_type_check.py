import pickle

import numpy
import pytest

import chainer
from chainer.utils import type_check


class Checked(chainer.FunctionNode):
    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x', 'y'))
        x_type, y_type = in_types
        type_check.expect(
            x_type.dtype.kind == 'f',
            x_type.ndim == 2,
            x_type.shape[1] == y_type.shape[0],
            type_check.prod(x_type.shape) > 0,
        )

    def forward(self, inputs):
        return inputs[0].dot(inputs[1]),


def _apply(x, y):
    return Checked().apply((x, y))[0]


def test_valid_passes():
    y = _apply(numpy.ones((2, 3), 'f'), numpy.ones((3,), 'f'))
    assert y.shape == (2,)


def test_message_format():
    with pytest.raises(type_check.InvalidType) as e:
        _apply(numpy.ones((2, 3), 'i'), numpy.ones((3,), 'i'))
    # v7's text, whole: a leading newline, the header, operands and values as str prints them
    assert str(e.value) == ('\nInvalid operation is performed in: Checked (Forward)\n\n'
                            'Expect: x.dtype.kind == f\nActual: i != f')
    assert e.value.expect == 'x.dtype.kind == f'
    assert e.value.actual == 'i != f'


def test_shape_condition_message():
    with pytest.raises(type_check.InvalidType) as e:
        _apply(numpy.ones((2, 3), 'f'), numpy.ones((4,), 'f'))
    assert 'Expect: x.shape[1] == y.shape[0]' in str(e.value)
    assert 'Actual: 3 != 4' in str(e.value)


def test_wrong_number_of_inputs():
    with pytest.raises(type_check.InvalidType) as e:
        Checked().apply((numpy.ones((2, 3), 'f'),))
    assert 'argument' in str(e.value)


def test_type_check_can_be_disabled():
    with chainer.using_config('type_check', False):
        with pytest.raises(ValueError):
            _apply(numpy.ones((2, 3), 'f'), numpy.ones((4,), 'f'))


def test_expressions():
    v = type_check.make_variable(3, 'n')
    expr = (v + 1) * 2
    assert str(expr) == '(n + 1) * 2'
    assert type_check.eval(expr) == 8
    assert str(-v) == '-n'
    assert str(v ** 2) == 'n ** 2'
    with pytest.raises(RuntimeError):
        bool(v == 3)
    with pytest.raises(type_check.InvalidType):
        type_check.expect(v > 5)
    type_check.expect(v == 3)


def test_get_types_and_light_mode():
    data = (numpy.zeros((2, 3), 'f'),)
    types = type_check.get_types(data, 'in_types', False)
    assert str(types[0].shape) == 'in_types[0].shape'
    assert type_check.eval(types[0].shape) == (2, 3)
    assert str(types.size()) == 'in_types.size'
    types = type_check.get_light_types(data)
    assert types[0].shape == (2, 3) and types.size() == 1
    with type_check.light_mode:
        # as v7: get_types builds expressions whatever the mode
        assert str(type_check.get_types(data, 'in_types', False)[0]) == 'in_types[0]'


def test_same_types():
    # as v7: a bool, not an error
    assert type_check.same_types(numpy.zeros(1), numpy.zeros(2), numpy.zeros(3)) is True
    assert type_check.same_types(numpy.zeros(1), [0]) is False
    assert type_check.same_types() is True
    # all NumPy (or all CuPy) arrays, not merely objects of one type
    assert type_check.same_types([0], [1]) is False
    assert type_check.same_types(numpy.zeros(1), chainer.Variable(numpy.zeros(1))) is False


def test_prod_is_an_expression():
    # as v7: prod() of any sequence prints as a call and evaluates lazily
    p = type_check.prod([])
    assert isinstance(p, type_check.Expr)
    assert str(p) == 'prod([])' and p.eval() == 1
    n = type_check.Variable(2, 'n')
    assert str(type_check.prod((n, 3))) == 'prod((n, 3))'
    assert type_check.prod((n, 3)).eval() == 6
    with type_check.light_mode:
        assert type_check.prod((2, 3)) == 6


def test_sequences_of_expressions_print_item_by_item():
    n = type_check.Variable(2, 'n')
    f = type_check.Variable(max, 'max')
    assert str(n == (n, 'a')) == "n == (n, 'a')"
    assert str(n == [n + 1]) == 'n == [n + 1]'
    assert str(f([n, 1], (n,))) == 'max([n, 1], (n,))'
    types = type_check.get_types((numpy.zeros((2, 3), 'f'),), 'in_types', False)
    cond = types[0].shape == (types[0].shape[0], 4)
    assert str(cond) == 'in_types[0].shape == (in_types[0].shape[0], 4)'
    with pytest.raises(type_check.InvalidType) as e:
        type_check.expect(cond)
    assert e.value.actual == '(2, 3) != (2, 4)'


def test_get_attr_text():
    n = type_check.Variable(1, 'n')
    assert str(type_check.GetAttr(n, 'real')) == 'n.real'
    assert str(type_check.GetAttr(n, type_check.Constant('real'))) == 'n.real'
    assert type_check.GetAttr(n, type_check.Constant('real')).eval() == 1
    assert str(type_check.GetAttr(n, 3)) == 'getattr(n, 3)'


def test_get_types_takes_a_tuple():
    with pytest.raises(AssertionError):
        type_check.get_types([numpy.zeros(1)], 'in_types', False)


def test_invalid_type_is_plain_exception_and_picklable():
    import pickle
    e = type_check.InvalidType('a', 'b')
    assert not isinstance(e, (TypeError, ValueError))
    assert str(pickle.loads(pickle.dumps(e))) == str(e)


class _Raising(chainer.FunctionNode):
    """Raises from its type check what it is given."""

    def __init__(self, check):
        self.check = check

    def check_type_forward(self, in_types):
        self.check(in_types)

    def forward(self, inputs):
        return inputs[0],


def _raise(*args, **kwargs):
    def check(in_types):
        raise type_check.InvalidType(*args, **kwargs)
    return check


@pytest.mark.parametrize('check,message', [
    # an error with the default text gets the header naming the function (v7)
    (_raise('exp', 'act'),
     '\nInvalid operation is performed in: _Raising (Forward)\n\nExpect: exp\nActual: act'),
    # an error with a message of its own is raised as it is (v7)
    (_raise('exp', 'act', msg='custom'), 'custom'),
    (lambda in_types: type_check._argname(in_types, ('a', 'b', 'c')),
     'Invalid number of arguments'),
    (lambda in_types: type_check.expect_broadcast_shapes(in_types[0].shape,
                                                         in_types[1].shape),
     'cannot broadcast inputs of the following shapes:\n'
     'in_types[0].shape = (2, 3)\nin_types[1].shape = (4, 3)'),
])
def test_errors_of_functions(check, message):
    with pytest.raises(type_check.InvalidType) as e:
        _Raising(check).apply((numpy.ones((2, 3), 'f'), numpy.ones((4, 3), 'f')))
    assert str(e.value) == message


def test_argument_count_error():
    with pytest.raises(type_check.InvalidType) as e:
        _Raising(lambda in_types: type_check._argname(in_types, ('a', 'b'))).apply(
            (numpy.ones(2, 'f'),))
    assert e.value.expect == '2 argument(s)' and e.value.actual == '1 argument(s)'


def test_pickled_error_keeps_its_text():
    with pytest.raises(type_check.InvalidType) as e:
        _apply(numpy.ones((2, 3), 'i'), numpy.ones((3,), 'i'))
    copy = pickle.loads(pickle.dumps(e.value))
    assert str(copy) == str(e.value)
    assert (copy.expect, copy.actual) == (e.value.expect, e.value.actual)
