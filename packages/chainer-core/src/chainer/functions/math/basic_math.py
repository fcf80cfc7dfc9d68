"""Elementwise arithmetic behind the Variable operators (``+ - * / ** @ // abs``).

Binary operators broadcast like NumPy; gradients are summed back to the input shapes with
``F.sum_to``. A Python/NumPy scalar on the other side becomes a constant of the variable's
dtype, and an array becomes a Variable that requires no gradient.
"""
import numbers
import weakref

import numpy

import chainer
import chainerx
from chainer import _hooks
from chainer import backend
from chainer import configuration
from chainer import function_node
from chainer import utils
from chainer import variable
from chainer.utils import type_check

_Variable = variable.Variable
_make_variable = variable._make_variable
_make_output_variable = variable._make_output_variable
_config = configuration.config
_weakref = weakref.ref
_CHX = chainerx.ndarray


def _as_array(y):
    """``utils.force_array`` with the common case (already an ndarray) inlined."""
    return y if type(y) is numpy.ndarray else utils.force_array(y)


def _check_constant_type(value):
    if isinstance(value, (numbers.Number, numpy.generic)):
        return
    if variable._is_array(value):
        return
    raise TypeError('Value must be a scalar, numpy.ndarray, cupy.ndarray or Variable.\n'
                    'Actual: {}'.format(type(value)))


def _preprocess_const(x, value):
    """Casts a scalar constant to the dtype of ``x`` (v7 semantics)."""
    return utils.force_type(x.dtype, value)


def _as_variable_rhs(x, rhs):
    """Returns a Variable for ``rhs`` or None when it is a scalar constant.

    An array becomes a Variable that requires no gradient, cast to the dtype of ``x`` (v7).
    """
    if isinstance(rhs, _Variable):
        return rhs
    _check_constant_type(rhs)
    if not variable._is_array(rhs):
        return None
    if rhs.dtype != x.dtype:
        rhs = rhs.astype(x.dtype)
    return _make_variable(rhs, False)


def _chainerx_binary(inputs, op, float_only=False):
    """``op`` on two ChainerX arrays, or Fallback for dtypes whose NumPy semantics differ."""
    x0, x1 = inputs
    kind = x0.dtype.kind
    if kind == 'b' or (float_only and kind != 'f'):
        return chainer.Fallback
    return op(x0, x1),


def _chainerx_constant(x, value, op):
    """``op(x, value)`` for a float ChainerX array and a scalar, else Fallback."""
    if x.dtype.kind != 'f' or not isinstance(value, (numbers.Number, numpy.generic)):
        return chainer.Fallback
    return op(x, x.dtype.type(value)),


def _sum_to(gx, shape):
    if gx is None or gx.shape == shape:
        return gx
    return chainer.functions.sum_to(gx, shape)


class _ConstantOp(function_node.FunctionNode):
    """Base of the nodes combining one variable with a constant ``value``."""

    _label_format = '%s'
    _float_only = False

    def __init__(self, value):
        self.value = value

    @property
    def label(self):
        return self._label_format % _label_of(self.value)

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x',))
        if self._float_only:
            type_check.expect(in_types[0].dtype.kind == 'f')


class _BinaryOp(function_node.FunctionNode):
    """Base of the elementwise nodes of two variables of one dtype (shapes broadcast)."""

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('lhs', 'rhs'))
        type_check.expect(in_types[0].dtype == in_types[1].dtype)
        type_check.expect_broadcast_shapes(in_types[0].shape, in_types[1].shape)

    def _apply_pair(self, lhs, rhs):
        """``self.apply((lhs, rhs))[0]`` for two Variables, without the per-input loops.

        The operators run this on every call, so it does in straight-line code what
        :meth:`FunctionNode.apply` does for this case. Whenever function hooks or debug mode
        are active, or the inputs differ in dtype or shape (so that the full type check must
        run), it defers to :meth:`~FunctionNode.apply`.
        """
        a = lhs._array
        b = rhs._array
        config = _config
        if (_hooks._local.hooks or self._local_function_hooks or config.debug
                or (config.type_check and not (a.dtype == b.dtype and a.shape == b.shape))
                or type(a) is _CHX or type(b) is _CHX):
            return self.apply((lhs, rhs))[0]
        outputs = self.forward((a, b))
        y = outputs[0]
        requires_grad = lhs._requires_grad or rhs._requires_grad
        if not (requires_grad and config.enable_backprop):
            return _make_variable(y, requires_grad)
        n0 = lhs._node
        if n0 is None:
            n0 = lhs.node
        n1 = rhs._node
        if n1 is None:
            n1 = rhs.node
        rank = n0.rank if n0.rank > n1.rank else n1.rank
        self.rank = rank
        self.inputs = (n0, n1)
        if not n1.requires_grad:
            self._grad_input_indexes = (0,)
        elif not n0.requires_grad:
            self._grad_input_indexes = (1,)
        else:
            self._grad_input_indexes = (0, 1)
        var = _make_output_variable(y, self, rank + 1)
        self.outputs = (_weakref(var._node),)
        retained = self._input_indexes_to_retain
        if retained is not None:
            if 0 in retained:
                n0.data = a
            if 1 in retained:
                n1.data = b
        if self._output_indexes_to_retain is not None:
            self._retained_output_data = outputs
        return var


class Neg(function_node.FunctionNode):
    """Elementwise negation."""

    @property
    def label(self):
        return '__neg__'

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x',))

    def forward(self, inputs):
        return utils.force_array(-inputs[0]),

    def forward_chainerx(self, inputs):
        if inputs[0].dtype.kind == 'b':
            return chainer.Fallback
        return -inputs[0],

    def backward(self, indexes, grad_outputs):
        return neg(grad_outputs[0]),

    def _backward_arrays(self, indexes, grad_outputs):
        return -grad_outputs[0],


class Absolute(function_node.FunctionNode):
    """Elementwise absolute value."""

    @property
    def label(self):
        return '|_|'

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x',))
        type_check.expect(in_types[0].dtype.kind == 'f')

    def forward(self, inputs):
        self.retain_inputs((0,))
        return utils.force_array(abs(inputs[0])),

    def backward(self, indexes, grad_outputs):
        x = self.get_retained_inputs()[0]
        return AbsoluteGrad(x.array).apply(grad_outputs)

    def _backward_arrays(self, indexes, grad_outputs):
        x = self.inputs[0].data
        return grad_outputs[0] * backend.get_array_module(x).sign(x),


class AbsoluteGrad(function_node.FunctionNode):
    """Gradient of :class:`Absolute` (multiplication by ``sign(x)``)."""

    def __init__(self, x):
        self.x = x

    def forward(self, inputs):
        xp = backend.get_array_module(inputs[0])
        return utils.force_array(inputs[0] * xp.sign(self.x)),

    def backward(self, indexes, grad_outputs):
        return AbsoluteGrad(self.x).apply(grad_outputs)


class Add(_BinaryOp):
    """Elementwise addition of two variables (with broadcasting)."""

    @property
    def label(self):
        return '_ + _'

    def forward(self, inputs):
        x0, x1 = inputs
        return _as_array(x0 + x1),

    def forward_chainerx(self, inputs):
        return _chainerx_binary(inputs, chainerx.add)

    def backward(self, indexes, grad_outputs):
        gy = grad_outputs[0]
        inputs = self.inputs
        return tuple([_sum_to(gy, inputs[i].shape) for i in indexes])

    def _backward_arrays(self, indexes, grad_outputs):
        gy = grad_outputs[0]
        inputs = self.inputs
        shape = gy.shape
        if inputs[0].shape == shape and inputs[1].shape == shape:
            return (gy,) * len(indexes)
        return tuple([utils.sum_to(gy, inputs[i].shape) for i in indexes])


class AddConstant(_ConstantOp):
    """Addition of a constant."""

    _label_format = '_ + %s'

    def forward(self, inputs):
        x = inputs[0]
        return utils.force_array(x + _preprocess_const(x, self.value)),

    def forward_chainerx(self, inputs):
        return _chainerx_constant(inputs[0], self.value, chainerx.add)

    def backward(self, indexes, grad_outputs):
        return grad_outputs[0],

    def _backward_arrays(self, indexes, grad_outputs):
        return grad_outputs[0],


class MultiAdd(function_node.FunctionNode):
    """Addition of many variables at once (with broadcasting)."""

    def check_type_forward(self, in_types):
        for i, in_type in enumerate(in_types):
            type_check.argname((in_type,), ('x%d' % i,))
            type_check.expect(in_types[0].dtype == in_type.dtype)

    def forward(self, xs):
        self._shapes = tuple([x.shape for x in xs])
        y = xs[0] + xs[1]
        for x in xs[2:]:
            if x.shape == y.shape:
                y += x
            else:
                y = y + x
        return utils.force_array(y),

    def backward(self, indexes, grad_outputs):
        gy = grad_outputs[0]
        return tuple([_sum_to(gy, self._shapes[i]) for i in indexes])

    def _backward_arrays(self, indexes, grad_outputs):
        gy = grad_outputs[0]
        return tuple([utils.sum_to(gy, self._shapes[i]) for i in indexes])


class Sub(_BinaryOp):
    """Elementwise subtraction of two variables (with broadcasting)."""

    @property
    def label(self):
        return '_ - _'

    def forward(self, inputs):
        x0, x1 = inputs
        return _as_array(x0 - x1),

    def forward_chainerx(self, inputs):
        return _chainerx_binary(inputs, chainerx.subtract)

    def backward(self, indexes, grad_outputs):
        gy = grad_outputs[0]
        ret = []
        for i in indexes:
            g = _sum_to(gy, self.inputs[i].shape)
            ret.append(g if i == 0 else neg(g))
        return tuple(ret)

    def _backward_arrays(self, indexes, grad_outputs):
        gy = grad_outputs[0]
        ret = []
        for i in indexes:
            g = utils.sum_to(gy, self.inputs[i].shape)
            ret.append(g if i == 0 else -g)
        return tuple(ret)


class SubFromConstant(_ConstantOp):
    """Subtraction of a variable from a constant."""

    _label_format = '%s - _'

    def forward(self, inputs):
        x = inputs[0]
        return utils.force_array(_preprocess_const(x, self.value) - x),

    def forward_chainerx(self, inputs):
        return _chainerx_constant(inputs[0], self.value, lambda x, c: c - x)

    def backward(self, indexes, grad_outputs):
        return neg(grad_outputs[0]),

    def _backward_arrays(self, indexes, grad_outputs):
        return -grad_outputs[0],


class Mul(_BinaryOp):
    """Elementwise multiplication of two variables (with broadcasting)."""

    @property
    def label(self):
        return '_ * _'

    def forward(self, inputs):
        self._input_indexes_to_retain = (0, 1)
        x0, x1 = inputs
        return _as_array(x0 * x1),

    def forward_chainerx(self, inputs):
        return _chainerx_binary(inputs, chainerx.multiply)

    def backward(self, indexes, grad_outputs):
        xs = self.get_retained_inputs()
        gy = grad_outputs[0]
        return tuple([_sum_to(gy * xs[1 - i], xs[i].shape) for i in indexes])

    def _backward_arrays(self, indexes, grad_outputs):
        x0, x1 = self.inputs
        x0 = x0.data
        x1 = x1.data
        gy = grad_outputs[0]
        if len(indexes) == 2 and x0.shape == x1.shape:
            return gy * x1, gy * x0
        xs = (x0, x1)
        return tuple([utils.sum_to(gy * xs[1 - i], xs[i].shape) for i in indexes])


class MulConstant(_ConstantOp):
    """Multiplication by a constant."""

    _label_format = '_ * %s'

    def forward(self, inputs):
        x = inputs[0]
        return utils.force_array(x * _preprocess_const(x, self.value)),

    def forward_chainerx(self, inputs):
        return _chainerx_constant(inputs[0], self.value, chainerx.multiply)

    def backward(self, indexes, grad_outputs):
        return grad_outputs[0] * self.value,

    def _backward_arrays(self, indexes, grad_outputs):
        gy = grad_outputs[0]
        return utils.force_array(gy * _preprocess_const(gy, self.value)),


class Div(_BinaryOp):
    """Elementwise division of two variables (with broadcasting)."""

    @property
    def label(self):
        return '_ / _'

    def forward(self, inputs):
        self.retain_inputs((0, 1))
        x0, x1 = inputs
        return utils.force_array(x0 / x1),

    def forward_chainerx(self, inputs):
        return _chainerx_binary(inputs, chainerx.divide, float_only=True)

    def backward(self, indexes, grad_outputs):
        x0, x1 = self.get_retained_inputs()
        gy = grad_outputs[0]
        gx0 = gy / x1
        ret = []
        for i in indexes:
            if i == 0:
                ret.append(_sum_to(gx0, x0.shape))
            else:
                ret.append(_sum_to(-gx0 * x0 / x1, x1.shape))
        return tuple(ret)

    def _backward_arrays(self, indexes, grad_outputs):
        x0, x1 = self.inputs[0].data, self.inputs[1].data
        gx0 = grad_outputs[0] / x1
        ret = []
        for i in indexes:
            if i == 0:
                ret.append(utils.sum_to(gx0, x0.shape))
            else:
                ret.append(utils.sum_to(-gx0 * x0 / x1, x1.shape))
        return tuple(ret)


class DivFromConstant(_ConstantOp):
    """Division of a constant by a variable."""

    _label_format = '%s / _'
    _float_only = True

    def forward(self, inputs):
        self.retain_inputs((0,))
        x = inputs[0]
        return utils.force_array(_preprocess_const(x, self.value) / x),

    def forward_chainerx(self, inputs):
        return _chainerx_constant(inputs[0], self.value, lambda x, c: c / x)

    def backward(self, indexes, grad_outputs):
        x = self.get_retained_inputs()[0]
        return grad_outputs[0] * (-self.value) / (x * x),

    def _backward_arrays(self, indexes, grad_outputs):
        x = self.inputs[0].data
        gy = grad_outputs[0]
        return gy * _preprocess_const(gy, -self.value) / (x * x),


class PowVarVar(_BinaryOp):
    """Elementwise power ``x0 ** x1`` of two variables."""

    @property
    def label(self):
        return '_ ** _'

    def forward(self, inputs):
        self.retain_inputs((0, 1))
        self.retain_outputs((0,))
        x0, x1 = inputs
        return utils.force_array(x0 ** x1),

    def backward(self, indexes, grad_outputs):
        x0, x1 = self.get_retained_inputs()
        y, = self.get_retained_outputs()
        gy = grad_outputs[0]
        ret = []
        for i in indexes:
            if i == 0:
                ret.append(_sum_to(gy * x1 * x0 ** (x1 - 1), x0.shape))
            else:
                ret.append(_sum_to(gy * y * chainer.functions.log(x0), x1.shape))
        return tuple(ret)

    def _backward_arrays(self, indexes, grad_outputs):
        x0, x1 = self.inputs[0].data, self.inputs[1].data
        gy = grad_outputs[0]
        ret = []
        for i in indexes:
            if i == 0:
                ret.append(utils.sum_to(gy * x1 * x0 ** (x1 - x1.dtype.type(1)), x0.shape))
            else:
                xp = backend.get_array_module(x0)
                log_x0 = utils.force_array(xp.log(x0))
                ret.append(utils.sum_to(gy * self.output_data[0] * log_x0, x1.shape))
        return tuple(ret)


class PowVarConst(_ConstantOp):
    """Elementwise power ``x ** value`` with a constant exponent."""

    _label_format = '_ ** %s'
    _float_only = True

    def forward(self, inputs):
        self.retain_inputs((0,))
        x = inputs[0]
        return utils.force_array(x ** _preprocess_const(x, self.value)),

    def backward(self, indexes, grad_outputs):
        x = self.get_retained_inputs()[0]
        value = self.value
        if numpy.isscalar(value) and value == 2:
            return grad_outputs[0] * (x * x.dtype.type(2)),
        return grad_outputs[0] * (x ** (value - 1) * value),

    def _backward_arrays(self, indexes, grad_outputs):
        x = self.inputs[0].data
        value = self.value
        if numpy.isscalar(value) and value == 2:
            return grad_outputs[0] * (x * x.dtype.type(2)),
        gx = x ** _preprocess_const(x, value - 1)
        return grad_outputs[0] * (gx * _preprocess_const(gx, value)),


class PowConstVar(_ConstantOp):
    """Elementwise power ``value ** x`` with a constant base."""

    _label_format = '%s ** _'
    _float_only = True

    def forward(self, inputs):
        self.retain_outputs((0,))
        x = inputs[0]
        return utils.force_array(_preprocess_const(x, self.value) ** x),

    def backward(self, indexes, grad_outputs):
        y, = self.get_retained_outputs()
        return grad_outputs[0] * y * _log_of(self.value, y.array),

    def _backward_arrays(self, indexes, grad_outputs):
        y = self.output_data[0]
        return grad_outputs[0] * y * _log_of(self.value, y),


def _log_of(value, y):
    # ``log(value)`` as an array of the dtype of ``y`` (the gradient factor of ``value ** x``)
    xp = backend.get_array_module(y)
    return xp.log(xp.asarray(value, dtype=y.dtype))


def _label_of(value):
    if numpy.isscalar(value):
        if value < 0:
            return '({})'.format(value)
        return str(value)
    return 'constant array'


# ---------------------------------------------------------------------------------------------
# public functions (also installed as Variable operators)


def neg(self):
    """Elementwise negation: ``-x``."""
    return Neg().apply((self,))[0]


def absolute(self):
    """Elementwise absolute value: ``abs(x)``.

    .. admonition:: Example

        >>> x = np.array([-2, 0, 3], np.float32)
        >>> F.absolute(x).array
        array([2., 0., 3.], dtype=float32)
        >>> abs(chainer.Variable(x)).array  # the operator form
        array([2., 0., 3.], dtype=float32)
    """
    return Absolute().apply((self,))[0]


def add(*xs):
    """Elementwise addition: ``x0 + x1 + ...`` (a scalar or array on the right is allowed).

    .. admonition:: Example

        >>> a = np.array([1, 2], np.float32)
        >>> b = np.array([10, 20], np.float32)
        >>> c = np.array([100, 200], np.float32)
        >>> F.add(a, b, c).array
        array([111., 222.], dtype=float32)
    """
    if len(xs) == 2:
        lhs, rhs = xs
        if isinstance(rhs, _Variable) and isinstance(lhs, _Variable):
            return Add()._apply_pair(lhs, rhs)
        rhs_var = _as_variable_rhs(lhs, rhs)
        if rhs_var is None:
            return AddConstant(rhs).apply((lhs,))[0]
        return Add().apply((lhs, rhs_var))[0]
    if len(xs) == 1:
        return xs[0] if isinstance(xs[0], _Variable) else _make_variable(xs[0], False)
    return MultiAdd().apply(xs)[0]


def sub(self, rhs):
    """Elementwise subtraction: ``x - rhs``."""
    rhs_var = _as_variable_rhs(self, rhs)
    if rhs_var is None:
        return AddConstant(-rhs).apply((self,))[0]
    return Sub()._apply_pair(self, rhs_var)


def rsub(self, rhs):
    """Reflected subtraction: ``rhs - x``."""
    rhs_var = _as_variable_rhs(self, rhs)
    if rhs_var is None:
        return SubFromConstant(rhs).apply((self,))[0]
    return Sub()._apply_pair(rhs_var, self)


def mul(self, rhs):
    """Elementwise multiplication: ``x * rhs``."""
    if isinstance(rhs, _Variable):
        return Mul()._apply_pair(self, rhs)
    rhs_var = _as_variable_rhs(self, rhs)
    if rhs_var is None:
        return MulConstant(rhs).apply((self,))[0]
    return Mul().apply((self, rhs_var))[0]


def div(self, rhs):
    """Elementwise true division: ``x / rhs``."""
    rhs_var = _as_variable_rhs(self, rhs)
    if rhs_var is None:
        return MulConstant(1.0 / rhs).apply((self,))[0]
    return Div()._apply_pair(self, rhs_var)


def rdiv(self, rhs):
    """Reflected true division: ``rhs / x``."""
    rhs_var = _as_variable_rhs(self, rhs)
    if rhs_var is None:
        return DivFromConstant(rhs).apply((self,))[0]
    return Div()._apply_pair(rhs_var, self)


def floordiv(self, rhs):
    """Elementwise floor division ``x // rhs`` (not differentiable)."""
    return chainer.functions.floor(div(self, rhs))


def rfloordiv(self, rhs):
    """Reflected floor division ``rhs // x`` (not differentiable)."""
    return chainer.functions.floor(rdiv(self, rhs))


def pow(self, rhs):  # noqa: A001 - v7 name
    """Elementwise power: ``x ** rhs``."""
    rhs_var = _as_variable_rhs(self, rhs)
    if rhs_var is None:
        return PowVarConst(rhs).apply((self,))[0]
    return PowVarVar()._apply_pair(self, rhs_var)


def rpow(self, rhs):
    """Reflected power: ``rhs ** x``."""
    rhs_var = _as_variable_rhs(self, rhs)
    if rhs_var is None:
        return PowConstVar(rhs).apply((self,))[0]
    return PowVarVar()._apply_pair(rhs_var, self)


def matmul(self, rhs):
    """Matrix product ``x @ rhs`` (NumPy ``matmul`` semantics)."""
    from chainer.functions.math import matmul as matmul_module
    if not isinstance(rhs, _Variable):
        _check_constant_type(rhs)
    return matmul_module.matmul(self, rhs)


def rmatmul(self, rhs):
    """Reflected matrix product ``rhs @ x``."""
    from chainer.functions.math import matmul as matmul_module
    if not isinstance(rhs, _Variable):
        _check_constant_type(rhs)
    return matmul_module.matmul(rhs, self)


def _radd(self, rhs):
    return add(self, rhs)


def _rmul(self, rhs):
    return mul(self, rhs)


def install_variable_arithmetics():
    """Installs the arithmetic operators on :class:`~chainer.Variable`."""
    v = _Variable
    v.__neg__ = neg
    v.__abs__ = absolute
    v.__add__ = add
    v.__radd__ = _radd
    v.__sub__ = sub
    v.__rsub__ = rsub
    v.__mul__ = mul
    v.__rmul__ = _rmul
    v.__div__ = div
    v.__truediv__ = div
    v.__rdiv__ = rdiv
    v.__rtruediv__ = rdiv
    v.__floordiv__ = floordiv
    v.__rfloordiv__ = rfloordiv
    v.__pow__ = pow
    v.__rpow__ = rpow
    v.__matmul__ = matmul
    v.__rmatmul__ = rmatmul
