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
    with type_check.light_mode:
        types = type_check.get_types(data, 'in_types', False)
        assert types[0].shape == (2, 3) and types.size() == 1


def test_same_types():
    type_check.same_types(numpy.zeros(1), numpy.zeros(2))
    with pytest.raises(type_check.InvalidType):
        type_check.same_types(numpy.zeros(1), [0])


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
