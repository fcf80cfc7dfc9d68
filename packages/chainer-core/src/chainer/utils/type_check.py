"""Type checking of function inputs (``chainer.utils.type_check``).

Checks run in two modes. In *light mode* the ``in_types`` hold concrete shapes and dtypes, so a
check is plain Python comparisons and costs almost nothing. Only when a light check fails is it
run again on symbolic expressions, which build the readable ``Expect:``/``Actual:`` message.
"""
import contextlib
import operator
import threading

import numpy

class _State(threading.local):
    light = False


_state = _State()


def _in_light_mode():
    return _state.light


def in_light_mode():
    """Returns True while type checks run in light mode (on concrete shapes and dtypes)."""
    return _state.light


class LightMode:
    """Context manager enabling light mode (its instance is ``type_check.light_mode``)."""

    def __enter__(self):
        self._old = _state.light
        _state.light = True

    def __exit__(self, *exc):
        _state.light = self._old


light_mode = LightMode()


class InvalidType(Exception):
    """Raised when the types of the inputs of a function are invalid.

    Attributes:
        expect (str): The condition that was expected to hold.
        actual (str): What was actually observed.
    """

    def __init__(self, expect, actual, msg=None):
        if msg is None:
            msg = 'Expect: {0}\nActual: {1}'.format(expect, actual)
        super().__init__(msg)
        self.expect = expect
        self.actual = actual

    def __reduce__(self):
        return type(self), (self.expect, self.actual, str(self))


# ---------------------------------------------------------------------------------------------
# symbolic expressions

_PRECEDENCE = {
    '**': 9, 'unary': 8, '*': 7, '/': 7, '//': 7, '%': 7, '+': 6, '-': 6,
    '<<': 5, '>>': 5, '&': 4, '^': 3, '|': 2,
    '==': 1, '!=': 1, '<': 1, '<=': 1, '>': 1, '>=': 1,
}
_OPS = {
    '+': operator.add, '-': operator.sub, '*': operator.mul, '/': operator.truediv,
    '//': operator.floordiv, '%': operator.mod, '**': operator.pow, '<<': operator.lshift,
    '>>': operator.rshift, '&': operator.and_, '^': operator.xor, '|': operator.or_,
    '==': operator.eq, '!=': operator.ne, '<': operator.lt, '<=': operator.le,
    '>': operator.gt, '>=': operator.ge,
}
_NEGATED = {'==': '!=', '!=': '==', '<': '>=', '<=': '>', '>': '<=', '>=': '<'}


class Expr:
    """A symbolic expression built by type checks; ``eval()`` computes its value."""

    priority = 10

    def eval(self):
        raise NotImplementedError

    def __bool__(self):
        raise RuntimeError(
            "Don't convert Expr to bool; use type_check.expect or "
            'type_check.eval instead.')

    def __repr__(self):
        return str(self)

    def __getattr__(self, name):
        if name.startswith('__'):
            raise AttributeError(name)
        return GetAttr(self, name)

    def __getitem__(self, key):
        return GetItem(self, key)

    def __call__(self, *args):
        return Call(self, args)

    def __neg__(self):
        return UnaryOperator('-', self, operator.neg)

    def __pos__(self):
        return UnaryOperator('+', self, operator.pos)

    def __invert__(self):
        return UnaryOperator('~', self, operator.invert)


def _binary(op, reflected=False):
    def method(self, other):
        if reflected:
            return BinaryOperator(op, other, self)
        return BinaryOperator(op, self, other)
    return method


def _comparison(op):
    def method(self, other):
        return BoolBinaryOperator(op, self, other)
    return method


for _name, _op in [('add', '+'), ('sub', '-'), ('mul', '*'), ('truediv', '/'),
                   ('floordiv', '//'), ('mod', '%'), ('pow', '**'), ('lshift', '<<'),
                   ('rshift', '>>'), ('and', '&'), ('xor', '^'), ('or', '|')]:
    setattr(Expr, '__%s__' % _name, _binary(_op))
    setattr(Expr, '__r%s__' % _name, _binary(_op, reflected=True))
for _name, _op in [('eq', '=='), ('ne', '!='), ('lt', '<'), ('le', '<='), ('gt', '>'),
                   ('ge', '>=')]:
    setattr(Expr, '__%s__' % _name, _comparison(_op))
Expr.__hash__ = object.__hash__


def _eval(x):
    return x.eval() if isinstance(x, Expr) else x


def _str(x, parent_priority=0):
    s = str(x) if isinstance(x, Expr) else _repr_value(x)
    if isinstance(x, Expr) and x.priority < parent_priority:
        return '(%s)' % s
    return s


def _repr_value(value):
    if isinstance(value, type) and issubclass(value, numpy.generic):
        return value.__name__
    if isinstance(value, numpy.dtype):
        return value.name
    return repr(value)


class Atom(Expr):
    """Base of the expressions printed without parentheses (values, attributes, calls)."""


class Constant(Atom):
    """A literal value inside an expression."""

    def __init__(self, value):
        self.value = value

    def eval(self):
        return self.value

    def __str__(self):
        return _repr_value(self.value)


class Variable(Atom):
    """A named value inside an expression (e.g. ``in_types[0]``)."""

    def __init__(self, value, name):
        self.value = value
        self.name = name

    def eval(self):
        return self.value

    def __str__(self):
        return self.name


class GetAttr(Atom):
    """Attribute access ``obj.name``."""

    def __init__(self, obj, name):
        self.obj = obj
        self.name = name

    def eval(self):
        return getattr(_eval(self.obj), self.name)

    def __str__(self):
        return '%s.%s' % (_str(self.obj, self.priority), self.name)


class GetItem(Atom):
    """Indexing ``obj[key]``."""

    def __init__(self, obj, key):
        self.obj = obj
        self.key = key

    def eval(self):
        return _eval(self.obj)[_eval_key(self.key)]

    def __str__(self):
        return '%s[%s]' % (_str(self.obj, self.priority), _str_key(self.key))


def _eval_key(key):
    if isinstance(key, tuple):
        return tuple(_eval_key(k) for k in key)
    if isinstance(key, slice):
        return slice(_eval(key.start), _eval(key.stop), _eval(key.step))
    return _eval(key)


def _str_key(key):
    if isinstance(key, tuple):
        return ', '.join(_str_key(k) for k in key)
    if isinstance(key, slice):
        parts = ['' if v is None else _str(v) for v in (key.start, key.stop)]
        s = ':'.join(parts)
        return s if key.step is None else '%s:%s' % (s, _str(key.step))
    return _str(key)


class Call(Atom):
    """A call ``func(*args)``."""

    def __init__(self, func, args):
        self.func = func
        self.args = args

    def eval(self):
        return _eval(self.func)(*[_eval(a) for a in self.args])

    def __str__(self):
        return '%s(%s)' % (_str(self.func, self.priority),
                           ', '.join(_str(a) for a in self.args))


class UnaryOperator(Expr):
    """A unary operator applied to an expression."""

    priority = _PRECEDENCE['unary']

    def __init__(self, exp, term, func):
        self.exp = exp
        self.term = term
        self.func = func

    def eval(self):
        return self.func(_eval(self.term))

    def __str__(self):
        return '%s%s' % (self.exp, _str(self.term, self.priority))


class BinaryOperator(Expr):
    """A binary operator; comparisons can be passed to :func:`expect`."""

    def __init__(self, exp, lhs, rhs, func=None):
        self.exp = exp
        self.lhs = lhs
        self.rhs = rhs
        self.func = func or _OPS[exp]
        self.priority = _PRECEDENCE.get(exp, 0)

    def eval(self):
        return self.func(_eval(self.lhs), _eval(self.rhs))

    def __str__(self):
        right = self.priority + (0 if self.exp == '**' else 1)
        return '%s %s %s' % (_str(self.lhs, self.priority), self.exp, _str(self.rhs, right))

    def expect(self):
        if self.exp not in _NEGATED:
            raise InvalidType(str(self), 'not a comparison')
        left, right = _eval(self.lhs), _eval(self.rhs)
        if not self.func(left, right):
            raise InvalidType(
                str(self), '%s %s %s' % (_repr_value(left), _NEGATED[self.exp],
                                         _repr_value(right)))


class Testable:
    """Base of objects that :func:`expect` can check (they define ``expect()``)."""

    def expect(self):
        raise NotImplementedError


class BoolBinaryOperator(BinaryOperator, Testable):
    """A comparison (``==``, ``<``, ...) of two expressions, checked by :func:`expect`."""



def make_variable(value, name):
    """Wraps ``value`` as a named expression variable (the plain value in light mode)."""
    if _in_light_mode():
        return value
    return Variable(value, name)


def eval(exp):  # noqa: A001 - v7 name
    """Evaluates an expression (or returns a plain value unchanged)."""
    if _in_light_mode():
        return exp
    return _eval(exp)


def expect(*bool_exprs):
    """Checks that every condition holds, raising :class:`InvalidType` otherwise."""
    for expr in bool_exprs:  # light-mode comparisons are plain bools: the passing case
        if expr is not True:
            break
    else:
        return
    if _state.light:
        for ok in bool_exprs:
            if not ok:
                raise InvalidType('', '')
        return
    for expr in bool_exprs:
        if isinstance(expr, (bool, numpy.bool_)):
            if not expr:
                raise InvalidType('True', 'False')
        elif hasattr(expr, 'expect'):
            expr.expect()
        else:
            raise TypeError('expect() takes comparisons, not %r' % (expr,))


# ---------------------------------------------------------------------------------------------
# type information of input arrays


class TypeInfo:
    """Shape and dtype of one input array (what ``in_types[i]`` holds)."""

    __slots__ = ('shape', 'dtype', 'ndim', 'size')

    def __init__(self, shape, dtype):
        self.shape = shape
        self.dtype = dtype
        self.ndim = len(shape)
        size = 1
        for s in shape:
            size *= s
        self.size = size


class TypeInfoTuple(tuple):
    """Tuple of :class:`TypeInfo` expressions with a symbolic ``size()``."""

    def _set_name(self, name):
        self.name = name

    def size(self):
        if _in_light_mode():
            return len(self)
        return _Size(len(self), getattr(self, 'name', 'in_types'))


class _Size(Expr):
    def __init__(self, value, owner):
        self.value = value
        self.owner = owner

    def eval(self):
        return self.value

    def __str__(self):
        return '%s.size()' % self.owner


class LightTypeInfoTuple(tuple):
    """Light-mode tuple of concrete :class:`TypeInfo`."""

    def size(self):
        return len(self)


def _type_info(array):
    return TypeInfo(array.shape, array.dtype)


def get_types(data, name, accept_none, shapes=None):
    """Builds the ``in_types`` tuple for a tuple of arrays (symbolic unless in light mode)."""
    if _state.light and shapes is None:
        return LightTypeInfoTuple(data)
    if shapes is None:
        shapes = [None if x is None else x.shape for x in data]
    infos = [
        None if x is None else TypeInfo(shape, x.dtype) for x, shape in zip(data, shapes)]
    if _state.light:
        return LightTypeInfoTuple(infos)
    if not accept_none and any(i is None for i in infos):
        raise ValueError('%s contains None' % name)
    variables = TypeInfoTuple(
        [Variable(info, '%s[%d]' % (name, i)) for i, info in enumerate(infos)])
    variables._set_name(name)
    return variables


def same_types(*arrays):
    """Checks that all arrays are of the same array type (e.g. all NumPy)."""
    first = type(arrays[0]) if arrays else None
    for a in arrays[1:]:
        if type(a) is not first:
            raise InvalidType(
                'all arrays of the same array type', ', '.join(type(x).__name__ for x in arrays))


def argname(in_types, names):
    """Gives readable names (e.g. ``'x'``, ``'W'``) to the entries of ``in_types``."""
    if len(in_types) != len(names):
        raise InvalidType(
            '%s argument(s)' % str(len(names)), '%s argument(s)' % str(len(in_types)))
    if type(in_types) is LightTypeInfoTuple or _in_light_mode():
        return
    for var, name in zip(in_types, names):
        if isinstance(var, Variable):
            var.name = name


def _make_variable_from_array(array, name):
    """Type information of ``array`` as a named expression (plain in light mode)."""
    info = TypeInfo(array.shape, array.dtype)
    if _state.light:
        return info
    return Variable(info, name)


def _product(xs):
    result = 1
    for x in xs:
        result *= x
    return result


def prod(xs):
    """Product of a sequence; symbolic (``prod(...)``) when given an expression."""
    if isinstance(xs, Expr):
        return Call(_PROD, (xs,))
    if isinstance(xs, (tuple, list)) and any(isinstance(x, Expr) for x in xs):
        result = 1
        for x in xs:
            result = result * x
        return result
    return _product(xs)


_PROD = Variable(_product, 'prod')


def expect_broadcast_shapes(*shape_types, **kwargs):
    """Checks that the shapes can be broadcast together (NumPy rules)."""
    if _state.light:
        first = shape_types[0]
        if all(s == first for s in shape_types):
            return
    shapes = [eval(s) for s in shape_types]
    try:
        numpy.broadcast_shapes(*shapes)
    except ValueError:
        names = ', '.join(str(s) for s in shape_types)
        raise InvalidType('cannot broadcast %s' % names,
                          'shapes %s' % ', '.join(str(s) for s in shapes)) from None


_argname = argname


def get_light_types(data):
    """Builds the light-mode ``in_types`` tuple (concrete arrays) for a tuple of arrays."""
    return LightTypeInfoTuple(data)


class _FunctionCheckContext(threading.local):
    function = None


_function_check_context = _FunctionCheckContext()


@contextlib.contextmanager
def get_function_check_context(f):
    """Context manager running the type checks of function ``f`` (e.g. its check_type_forward).

    Within the block, ``InvalidType`` errors get the header
    ``Invalid operation is performed in: <label> (Forward)`` that names ``f``, as the errors
    raised by ``FunctionNode.apply`` do.
    """
    previous = _function_check_context.function
    _function_check_context.function = f
    try:
        yield
    except InvalidType as e:
        header = 'Invalid operation is performed in: '
        if str(e).startswith(header):
            raise
        label = getattr(f, 'label', type(f).__name__)
        msg = '{0}{1} (Forward)\n\n{2}'.format(header, label, str(e))
        raise InvalidType(e.expect, e.actual, msg=msg) from None
    finally:
        _function_check_context.function = previous
