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
# (v7's name of the thread-local state)
_thread_local = _state


def in_light_mode():
    """Returns True while type checks run in light mode (on concrete shapes and dtypes)."""
    return _state.light


_in_light_mode = in_light_mode


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
        # an error with a message of its own is raised as is by the functions' type check
        self._own_message = msg is not None
        if msg is None:
            msg = 'Expect: {0}\nActual: {1}'.format(expect, actual)
        super().__init__(msg)
        self.expect = expect
        self.actual = actual

    def __reduce__(self):
        return type(self), (self.expect, self.actual, str(self))


# ---------------------------------------------------------------------------------------------
# symbolic expressions (v7's classes and constructor signatures)

# Priorities decide the parentheses when an expression is printed.
_ATOM_PRIORITY = 8
_UNARY_PRIORITY = 6
_COMPARISON_PRIORITY = -1


def _repr(v):
    """How a value inside a printed expression appears: expressions as their text, lists
    and tuples item by item, other values as their ``repr`` (NumPy scalars as NumPy 1
    prints them)."""
    if isinstance(v, Expr):
        return str(v)
    if isinstance(v, list):
        return '[{}]'.format(', '.join(_repr(x) for x in v))
    if isinstance(v, tuple):
        if len(v) == 1:
            return '({},)'.format(_repr(v[0]))
        return '({})'.format(', '.join(_repr(x) for x in v))
    if isinstance(v, numpy.generic):
        return str(v)
    return repr(v)


def _eval_expr(v):
    """Evaluates ``v`` if it is an expression (also inside lists, tuples and slices)."""
    if isinstance(v, Expr):
        return v.eval()
    if isinstance(v, list):
        return [_eval_expr(x) for x in v]
    if isinstance(v, tuple):
        return tuple(_eval_expr(x) for x in v)
    return v


_eval = _eval_expr


def _str_subscript(exp):
    """How an index (``1``, ``1:3``, ``...``, tuples of them) is printed."""
    if exp is Ellipsis:
        return '...'
    if isinstance(exp, slice):
        def part(v):
            return '' if v is None else _str_subscript(v)
        text = '{}:{}'.format(part(exp.start), part(exp.stop))
        return text if exp.step is None else '{}:{}'.format(text, part(exp.step))
    if isinstance(exp, tuple):
        return ', '.join(_str_subscript(e) for e in exp)
    if isinstance(exp, Expr):
        return str(exp)
    return _repr(exp)


def _eval_key(key):
    if isinstance(key, tuple):
        return tuple(_eval_key(k) for k in key)
    if isinstance(key, slice):
        return slice(_eval(key.start), _eval(key.stop), _eval(key.step))
    return _eval(key)


class Expr:
    """A symbolic expression built by type checks; ``eval()`` computes its value.

    Args:
        priority (int): Binding strength, which decides the parentheses when printed.
    """

    def __init__(self, priority):
        self.priority = priority

    def eval(self):
        """Evaluates the expression."""
        raise NotImplementedError

    def __bool__(self):
        raise RuntimeError(
            'An Expr instance cannot be evaluated as bool. '
            'Please use chainer.utils.type_check.eval() to evaluate an expression.')

    def __getattr__(self, name):
        if name.startswith('__'):
            raise AttributeError(name)
        return GetAttr(self, name)

    def __getitem__(self, key):
        return GetItem(self, key)

    def __call__(self, *args):
        return Call(self, args)


def _flip(f):
    """Returns ``f`` with its two arguments swapped (for the reflected operators)."""
    return lambda x, y: f(y, x)


def _make_un_operator(exp, priority, func):
    """Returns an operator method building :class:`UnaryOperator` expressions."""
    def f(x):
        return UnaryOperator(priority, x, exp, func)
    return f


def _make_bin_operator(exp, priority, func, right_associative=False):
    """Returns an operator method building :class:`BinaryOperator` expressions."""
    def f(x, y):
        return BinaryOperator(priority, x, y, exp, func, right_associative)
    return f


def _make_bool_operator(exp, inv, func):
    """Returns a comparison method building :class:`BoolBinaryOperator` expressions."""
    def f(x, y):
        return BoolBinaryOperator(x, y, exp, inv, func)
    return f


for _name, _exp, _priority, _func in [
        ('add', '+', 4, operator.add), ('sub', '-', 4, operator.sub),
        ('mul', '*', 5, operator.mul), ('truediv', '/', 5, operator.truediv),
        ('floordiv', '//', 5, operator.floordiv), ('mod', '%', 5, operator.mod),
        ('lshift', '<<', 3, operator.lshift), ('rshift', '>>', 3, operator.rshift),
        ('and', '&', 2, operator.and_), ('xor', '^', 1, operator.xor),
        ('or', '|', 0, operator.or_)]:
    setattr(Expr, '__%s__' % _name, _make_bin_operator(_exp, _priority, _func))
    setattr(Expr, '__r%s__' % _name, _flip(_make_bin_operator(_exp, _priority, _func)))
Expr.__pow__ = _make_bin_operator('**', 7, operator.pow, right_associative=True)
Expr.__rpow__ = _flip(Expr.__pow__)
for _name, _exp, _inv, _func in [
        ('eq', '==', '!=', operator.eq), ('ne', '!=', '==', operator.ne),
        ('lt', '<', '>=', operator.lt), ('le', '<=', '>', operator.le),
        ('gt', '>', '<=', operator.gt), ('ge', '>=', '<', operator.ge)]:
    setattr(Expr, '__%s__' % _name, _make_bool_operator(_exp, _inv, _func))
for _name, _exp, _func in [('neg', '-', operator.neg), ('pos', '+', operator.pos),
                           ('invert', '~', operator.invert)]:
    setattr(Expr, '__%s__' % _name, _make_un_operator(_exp, _UNARY_PRIORITY, _func))
Expr.__hash__ = object.__hash__


def _str_operand(x, parent_priority, parenthesize_equal):
    text = _repr(x)
    if isinstance(x, Expr) and (x.priority < parent_priority or (
            parenthesize_equal and x.priority == parent_priority)):
        return '({})'.format(text)
    return text


class Atom(Expr):
    """Base of the expressions printed without parentheses (values, attributes, calls)."""

    def __init__(self):
        super().__init__(_ATOM_PRIORITY)


class Constant(Atom):
    """A literal value inside an expression."""

    def __init__(self, value):
        super().__init__()
        self.value = value

    def __str__(self):
        return _repr(self.value)

    def eval(self):
        return self.value


class Variable(Atom):
    """A named value inside an expression (e.g. ``in_types[0]``)."""

    def __init__(self, value, name):
        super().__init__()
        self.value = value
        self.name = name

    def __str__(self):
        return self.name

    def eval(self):
        return self.value


class GetAttr(Atom):
    """Attribute access ``obj.name``."""

    def __init__(self, obj, name):
        super().__init__()
        self.obj = obj
        self.name = name

    def __str__(self):
        name = self.name.value if isinstance(self.name, Constant) else self.name
        if isinstance(name, str):
            return '{}.{}'.format(self.obj, name)
        return 'getattr({}, {})'.format(self.obj, _repr(name))

    def eval(self):
        return getattr(_eval_expr(self.obj), _eval_expr(self.name))


class GetItem(Atom):
    """Indexing ``obj[key]``."""

    def __init__(self, obj, key):
        super().__init__()
        self.obj = obj
        self.key = key

    def __str__(self):
        return '{}[{}]'.format(self.obj, _str_subscript(self.key))

    def eval(self):
        return _eval_expr(self.obj)[_eval_key(self.key)]


class Call(Atom):
    """A call ``obj(*args)``."""

    def __init__(self, obj, args):
        assert isinstance(args, tuple)
        super().__init__()
        self.obj = obj
        self.args = args

    def __str__(self):
        return '{}({})'.format(self.obj, ', '.join(_repr(a) for a in self.args))

    def eval(self):
        return _eval_expr(self.obj)(*[_eval_expr(a) for a in self.args])


class UnaryOperator(Expr):
    """A unary operator ``exp`` (``'-'``, ``'+'``, ``'~'``) applied to ``term``."""

    def __init__(self, priority, term, exp, func):
        super().__init__(priority)
        self.term = term
        self.exp = exp
        self.func = func

    def __str__(self):
        return '{}{}'.format(self.exp, _str_operand(self.term, self.priority, False))

    def eval(self):
        return self.func(_eval_expr(self.term))


class BinaryOperator(Expr):
    """A binary operator ``exp`` applied to ``lhs`` and ``rhs``."""

    def __init__(self, priority, lhs, rhs, exp, func, right_associative=False):
        super().__init__(priority)
        self.lhs = lhs
        self.rhs = rhs
        self.exp = exp
        self.func = func
        self.right_associative = right_associative

    def __str__(self):
        left = _str_operand(self.lhs, self.priority, self.right_associative)
        right = _str_operand(self.rhs, self.priority, not self.right_associative)
        return '{} {} {}'.format(left, self.exp, right)

    def _eval_left(self):
        return _eval_expr(self.lhs)

    def _eval_right(self):
        return _eval_expr(self.rhs)

    def eval(self):
        return self.func(self._eval_left(), self._eval_right())


class Testable:
    """Base of objects that :func:`expect` can check (they define ``expect()``)."""

    def expect(self):
        raise NotImplementedError


class BoolBinaryOperator(BinaryOperator, Testable):
    """A comparison ``exp`` of two expressions; ``inv`` is the negated operator printed as
    the actual relation when :meth:`expect` fails."""

    def __init__(self, lhs, rhs, exp, inv, func):
        super().__init__(_COMPARISON_PRIORITY, lhs, rhs, exp, func)
        self.inv = inv

    def expect(self):
        left = self._eval_left()
        right = self._eval_right()
        if not self.func(left, right):
            # (v7's texts: the operands and values as ``str`` prints them)
            raise InvalidType('{} {} {}'.format(self.lhs, self.exp, self.rhs),
                              '{} {} {}'.format(left, self.inv, right))


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
        elif isinstance(expr, Testable):
            expr.expect()
        else:
            raise AssertionError(
                'expect() takes comparisons (Testable expressions), not {}'.format(expr))


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
        """The number of entries as the named expression ``<name>.size``."""
        return Variable(len(self), '{}.size'.format(getattr(self, 'name', 'in_types')))


class LightTypeInfoTuple(tuple):
    """Light-mode tuple of concrete :class:`TypeInfo`."""

    def size(self):
        """The number of entries."""
        return len(self)


def _get_type(name, index, array, accept_none, shape):
    """The named type information ``<name>[<index>]`` of one array (None accepted if asked)."""
    var = '{}[{}]'.format(name, index)
    if accept_none and array is None:
        return Variable(TypeInfo((), None), var)
    assert array is not None, '{} is None'.format(var)
    return Variable(TypeInfo(array.shape if shape is None else shape, array.dtype), var)


def get_types(data, name, accept_none, *, shapes=None):
    """Builds the symbolic ``in_types`` tuple for a tuple of arrays (in light mode too, as
    v7: :func:`get_light_types` builds the light one)."""
    assert isinstance(data, tuple), 'get_types: data must be a tuple of arrays'
    if shapes is None:
        shapes = [None if x is None else x.shape for x in data]
    if not accept_none and any(x is None for x in data):
        raise ValueError('%s contains None' % name)
    variables = TypeInfoTuple(
        _get_type(name, i, x, accept_none, shape)
        for i, (x, shape) in enumerate(zip(data, shapes)))
    variables._set_name(name)
    return variables


def same_types(*arrays):
    """Returns True if the arrays are all NumPy arrays or all CuPy arrays (as v7; no
    arrays at all also gives True)."""
    if all(isinstance(a, numpy.ndarray) for a in arrays):
        return True
    from chainer.backends import cuda
    return all(isinstance(a, cuda.ndarray) for a in arrays)


def argname(in_types, names):
    """Gives readable names (e.g. ``'x'``, ``'W'``) to the entries of ``in_types``."""
    if len(in_types) != len(names):
        raise InvalidType(
            '%s argument(s)' % str(len(names)), '%s argument(s)' % str(len(in_types)),
            msg='Invalid number of arguments')
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


def _prod_impl(xs):
    result = 1
    for x in xs:
        result *= x
    return result


_prod = Variable(_prod_impl, 'prod')
_product = _prod_impl


def prod(xs):
    """Product of a sequence: the expression ``prod(xs)`` (a plain value in light mode)."""
    if _state.light:
        return _prod_impl(xs)
    return _prod(xs)


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
        lines = ''.join('\n{} = {}'.format(s, shape) for s, shape in zip(shape_types, shapes))
        raise InvalidType('', '', msg='cannot broadcast inputs of the following shapes:'
                          + lines) from None


_argname = argname


def get_light_types(data, *, shapes=None):
    """Builds the light-mode ``in_types`` tuple (concrete arrays) for a tuple of arrays."""
    if shapes is None:
        return LightTypeInfoTuple(data)
    return LightTypeInfoTuple(
        None if x is None else TypeInfo(shape, x.dtype) for x, shape in zip(data, shapes))


class _FunctionCheckContext(threading.local):
    function = None


_function_check_context = _FunctionCheckContext()


def _in_function(error, label):
    """The error to raise for ``error`` from the type check of the function ``label``.

    As v7: ``error`` with a header naming the function (``'\nInvalid operation is performed
    in: <label> (Forward)\n\n'``), or ``error`` itself when it was raised with a message of
    its own (e.g. the broadcast and argument-count checks).
    """
    if error._own_message:
        return error
    return InvalidType(error.expect, error.actual, msg=(
        '\nInvalid operation is performed in: {0} (Forward)\n\n{1}'.format(label, error)))


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
        raise _in_function(e, getattr(f, 'label', type(f).__name__)) from None
    finally:
        _function_check_context.function = previous
