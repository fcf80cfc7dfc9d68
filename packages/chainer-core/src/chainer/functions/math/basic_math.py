"""Elementwise arithmetic behind the Variable operators (``+ - * / ** @ // abs``).

Binary operators broadcast like NumPy; gradients are summed back to the input shapes with
``F.sum_to``. A Python/NumPy scalar on the other side becomes a constant of the variable's
dtype, and an array becomes a Variable that requires no gradient.
"""
import numbers
import numpy

import chainer
import chainerx
from chainer import backend
from chainer import function_node
from chainer import utils
from chainer import variable
from chainer.functions._helpers import grad_ops
from chainer.functions.math._elementwise import sum_to_shape as _sum_to_shape
from chainer.utils import type_check


_Variable = variable.Variable
_make_variable = variable._make_variable
_ndarray = numpy.ndarray


def _check_constant_type(value):
    if isinstance(value, (numbers.Number, numpy.generic)):
        return
    if variable._is_array(value):
        return
    raise TypeError('Value must be a scalar, `numpy.ndarray`, `cupy.ndarray` or a '
                    '`Variable`.\nActual: {}'.format(type(value)))


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


class _ConstantOp(function_node.FunctionNode):
    """Base of the nodes combining one variable with a constant ``value``."""
    is_elementwise = True

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
    is_elementwise = True

    _float_only = False
    _equal_inputs_pass_type_check = 'biufc'

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('lhs', 'rhs'))
        if self._float_only:
            type_check.expect(in_types[0].dtype.kind == 'f')
        type_check.expect(in_types[0].dtype == in_types[1].dtype)
        type_check.expect_broadcast_shapes(in_types[0].shape, in_types[1].shape)


class _FloatBinaryOp(_BinaryOp):
    """Base of the binary nodes defined for floating point inputs only (as v7)."""

    _float_only = True
    _equal_inputs_pass_type_check = 'f'


# Each gradient is written once. A formula taking ``ops`` (see ``_helpers.grad_ops``) serves
# ``backward`` (on Variables) and ``_backward_arrays`` (on arrays; the default ``ops`` lets the
# formula itself be the fast path); a gradient computed by a node (``AbsoluteGrad``,
# ``DivGrad``, ...) is the array helper that node's ``forward`` calls.


def _negate(x):
    """The array computation of :class:`Neg` (also the gradient of negations)."""
    return utils.force_array(-x)


class Neg(function_node.FunctionNode):
    """Elementwise negation."""
    is_elementwise = True

    @property
    def label(self):
        return '__neg__'

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x',))

    def forward(self, inputs):
        return _negate(inputs[0]),

    def forward_chainerx(self, inputs):
        if inputs[0].dtype.kind == 'b':
            return chainer.Fallback
        return -inputs[0],

    def backward(self, indexes, grad_outputs):
        return Neg().apply(grad_outputs)

    def _backward_arrays(self, indexes, grad_outputs):
        return _negate(grad_outputs[0]),


def _times_sign(gy, x):
    """``gy * sign(x)``: the array computation of :class:`AbsoluteGrad`."""
    return utils.force_array(gy * backend.get_array_module(x).sign(x))


class Absolute(function_node.FunctionNode):
    """Elementwise absolute value."""
    is_elementwise = True

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
        return _times_sign(grad_outputs[0], self.inputs[0].data),


class AbsoluteGrad(function_node.FunctionNode):
    """Gradient of :class:`Absolute`: ``gy * sign(x)`` (linear in ``gy``)."""
    is_elementwise = True

    def __init__(self, x):
        self.x = x

    def forward(self, inputs):
        return _times_sign(inputs[0], self.x),

    def backward(self, indexes, grad_outputs):
        return AbsoluteGrad(self.x).apply(grad_outputs)


def _sum_backward(node, indexes, grad_outputs, ops=grad_ops.ARRAYS):
    """Gradient of ``x0 + x1 (+ ...)``: the output gradient summed to each input's shape."""
    gy = grad_outputs[0]
    inputs = node.inputs
    shape = gy.shape
    if len(inputs) == 2 and inputs[0].shape == shape and inputs[1].shape == shape:
        return (gy,) * len(indexes)
    return tuple([ops.sum_to(gy, inputs[i].shape) for i in indexes])


class Add(_BinaryOp):
    """Elementwise addition of two variables (with broadcasting)."""

    @property
    def label(self):
        return '_ + _'

    def forward(self, inputs):
        x0, x1 = inputs
        y = x0 + x1
        return (y if type(y) is _ndarray else utils.force_array(y)),

    def forward_chainerx(self, inputs):
        return _chainerx_binary(inputs, chainerx.add)

    def backward(self, indexes, grad_outputs):
        return _sum_backward(self, indexes, grad_outputs, grad_ops.VARIABLES)

    _backward_arrays = _sum_backward


class AddConstant(_ConstantOp):
    """Addition of a constant."""

    _label_format = '_ + %s'

    def forward(self, inputs):
        x = inputs[0]
        return utils.force_array(x + _preprocess_const(x, self.value)),

    def forward_chainerx(self, inputs):
        return _chainerx_constant(inputs[0], self.value, chainerx.add)

    def backward(self, indexes, grad_outputs):
        return grad_outputs  # the identity, on Variables or on arrays

    _backward_arrays = backward


class MultiAdd(function_node.FunctionNode):
    """Addition of many variables at once (with broadcasting)."""
    is_elementwise = True

    def check_type_forward(self, in_types):
        for i, in_type in enumerate(in_types):
            type_check.argname((in_type,), ('x%d' % i,))
            type_check.expect(in_types[0].dtype == in_type.dtype)

    def forward(self, xs):
        y = xs[0] + xs[1]
        for x in xs[2:]:
            if x.shape == y.shape:
                y += x
            else:
                y = y + x
        return utils.force_array(y),

    def backward(self, indexes, grad_outputs):
        return _sum_backward(self, indexes, grad_outputs, grad_ops.VARIABLES)

    _backward_arrays = _sum_backward


def _sub_backward(node, indexes, grad_outputs, ops=grad_ops.ARRAYS):
    """Gradient of ``x0 - x1``: ``gy`` and ``-gy``, summed to the input shapes."""
    gy = grad_outputs[0]
    inputs = node.inputs
    ret = []
    for i in indexes:
        g = ops.sum_to(gy, inputs[i].shape)
        ret.append(g if i == 0 else -g)
    return tuple(ret)


class Sub(_BinaryOp):
    """Elementwise subtraction of two variables (with broadcasting)."""

    @property
    def label(self):
        return '_ - _'

    def forward(self, inputs):
        x0, x1 = inputs
        y = x0 - x1
        return (y if type(y) is _ndarray else utils.force_array(y)),

    def forward_chainerx(self, inputs):
        return _chainerx_binary(inputs, chainerx.subtract)

    def backward(self, indexes, grad_outputs):
        return _sub_backward(self, indexes, grad_outputs, grad_ops.VARIABLES)

    _backward_arrays = _sub_backward


class SubFromConstant(_ConstantOp):
    """Subtraction of a variable from a constant."""

    _label_format = '%s - _'

    def forward(self, inputs):
        x = inputs[0]
        return utils.force_array(_preprocess_const(x, self.value) - x),

    def forward_chainerx(self, inputs):
        return _chainerx_constant(inputs[0], self.value, lambda x, c: c - x)

    def backward(self, indexes, grad_outputs):
        return Neg().apply(grad_outputs)

    def _backward_arrays(self, indexes, grad_outputs):
        return _negate(grad_outputs[0]),


def _mul_backward(node, indexes, grad_outputs, ops=grad_ops.ARRAYS):
    """Gradient of ``x0 * x1``: ``gy`` times the other input, summed to the input shape."""
    if ops is grad_ops.ARRAYS:  # the retained arrays, fetched inline (a hot path)
        inputs = node.inputs
        x0 = inputs[0].data
        x1 = inputs[1].data
    else:
        x0, x1 = ops.retained_inputs(node)
    gy = grad_outputs[0]
    if len(indexes) == 2 and x0.shape == x1.shape:
        return gy * x1, gy * x0
    xs = (x0, x1)
    return tuple([ops.sum_to(gy * xs[1 - i], xs[i].shape) for i in indexes])


class Mul(_FloatBinaryOp):
    """Elementwise multiplication of two variables (with broadcasting)."""

    @property
    def label(self):
        return '_ * _'

    def forward(self, inputs):
        self._input_indexes_to_retain = (0, 1)
        x0, x1 = inputs
        y = x0 * x1
        return (y if type(y) is _ndarray else utils.force_array(y)),

    def forward_chainerx(self, inputs):
        return _chainerx_binary(inputs, chainerx.multiply)

    def backward(self, indexes, grad_outputs):
        return _mul_backward(self, indexes, grad_outputs, grad_ops.VARIABLES)

    _backward_arrays = _mul_backward


def _times_constant(x, value):
    """``x * value`` in the dtype of ``x``: the array computation of :class:`MulConstant`
    (also its gradient, ``gy * value``)."""
    return utils.force_array(x * _preprocess_const(x, value))


class MulConstant(_ConstantOp):
    """Multiplication by a constant."""

    _label_format = '_ * %s'

    def forward(self, inputs):
        return _times_constant(inputs[0], self.value),

    def forward_chainerx(self, inputs):
        return _chainerx_constant(inputs[0], self.value, chainerx.multiply)

    def backward(self, indexes, grad_outputs):
        return grad_outputs[0] * self.value,  # a MulConstant (or Mul by a constant array)

    def _backward_arrays(self, indexes, grad_outputs):
        return _times_constant(grad_outputs[0], self.value),


def _div_grads(x0, x1, gy, indexes):
    """Gradients of ``x0 / x1`` (``gy / x1`` and ``-gy * x0 / x1 ** 2``, summed to the input
    shapes) at ``indexes``: the array computation of :class:`DivGrad`."""
    gx0 = utils.force_array(gy / x1)
    ret = []
    for i in indexes:
        if i == 0:
            ret.append(utils.sum_to(gx0, x0.shape))
        else:
            gx1 = utils.force_array(-gx0 * x0 / x1)
            ret.append(utils.sum_to(gx1, x1.shape))
    return tuple(ret)


class Div(_FloatBinaryOp):
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
        is_elementwise = x0.shape == x1.shape
        gxs = DivGrad(is_elementwise).apply((x0, x1, grad_outputs[0]))
        return tuple([gxs[i] for i in indexes])

    def _backward_arrays(self, indexes, grad_outputs):
        inputs = self.inputs
        return _div_grads(inputs[0].data, inputs[1].data, grad_outputs[0], indexes)


class DivGrad(function_node.FunctionNode):
    """Gradients of :class:`Div`: inputs ``(x0, x1, gy)``, outputs ``(gx0, gx1)``.

    Args:
        is_elementwise (bool): Whether ``x0`` and ``x1`` have one shape (no summation).
    """

    def __init__(self, is_elementwise):
        self.is_elementwise = is_elementwise

    def forward(self, inputs):
        self.retain_inputs((0, 1, 2))
        x0, x1, gy = inputs
        return _div_grads(x0, x1, gy, (0, 1))

    def backward(self, indexes, grad_outputs):
        x0, x1, gy = self.get_retained_inputs()
        ggx0, ggx1 = grad_outputs
        inv_x1 = 1 / x1
        gy_x1_2 = gy * inv_x1 * inv_x1  # gy / x1 ** 2, of the full shape
        ret = []
        for i in indexes:
            g = None
            if i == 0:
                if ggx1 is not None:
                    g = _sum_to_shape(-ggx1 * gy_x1_2, x0.shape)
            elif i == 1:
                if ggx0 is not None:
                    g = -ggx0 * gy_x1_2
                if ggx1 is not None:
                    t = 2 * ggx1 * gy_x1_2 * x0 * inv_x1
                    g = t if g is None else g + t
                g = _sum_to_shape(g, x1.shape)
            else:
                if ggx0 is not None:
                    g = ggx0 * inv_x1
                if ggx1 is not None:
                    t = -ggx1 * x0 * inv_x1 * inv_x1
                    g = t if g is None else g + t
                if g is not None and g.shape != gy.shape:
                    g = chainer.functions.broadcast_to(g, gy.shape)
            ret.append(g)
        return tuple(ret)


class _ConstantOpGrad(function_node.FunctionNode):
    """Base of the gradient nodes ``(x, gy) -> gx`` of a :class:`_ConstantOp`: ``forward``
    retains both inputs and computes the array helper ``_grad(x, gy, value)``."""

    def __init__(self, value):
        self.value = value

    def forward(self, inputs):
        self.retain_inputs((0, 1))
        x, gy = inputs
        return self._grad(x, gy, self.value),


def _div_from_constant_grad(x, gy, value):
    """``-value * gy / x ** 2``: the array computation of :class:`DivFromConstantGrad`."""
    gx = utils.force_array(gy * _preprocess_const(gy, -value))
    gx /= x
    gx /= x
    return gx


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
        x, = self.get_retained_inputs()
        return DivFromConstantGrad(self.value).apply((x, grad_outputs[0]))

    def _backward_arrays(self, indexes, grad_outputs):
        return _div_from_constant_grad(self.inputs[0].data, grad_outputs[0], self.value),


class DivFromConstantGrad(_ConstantOpGrad):
    """Gradient of :class:`DivFromConstant`: ``(x, gy) -> -value * gy / x ** 2``."""

    _grad = staticmethod(_div_from_constant_grad)

    def backward(self, indexes, grad_outputs):
        x, gy = self.get_retained_inputs()
        g, = grad_outputs
        value = self.value
        ret = []
        for i in indexes:
            if i == 0:
                ret.append(g * gy * (2 * value) / (x * x * x))
            else:
                ret.append(g * (-value) / (x * x))
        return tuple(ret)


def _pow_var_var_grads(x0, x1, gy, y, indexes):
    """Gradients of ``y = x0 ** x1`` (``gy * x1 * x0 ** (x1 - 1)`` and ``gy * y * log(x0)``,
    summed to the input shapes): the array computation of :class:`PowVarVarGrad`."""
    ret = []
    for i in indexes:
        if i == 0:
            g = gy * x1 * x0 ** (x1 - x1.dtype.type(1))
            ret.append(utils.sum_to(utils.force_array(g), x0.shape))
        else:
            g = gy * y * backend.get_array_module(x0).log(x0)
            ret.append(utils.sum_to(utils.force_array(g), x1.shape))
    return tuple(ret)


class PowVarVar(_FloatBinaryOp):
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
        y = self._retained_output_data[0]
        is_elementwise = x0.shape == x1.shape
        gxs = PowVarVarGrad(is_elementwise, y).apply((x0, x1, grad_outputs[0]))
        return tuple([gxs[i] for i in indexes])

    def _backward_arrays(self, indexes, grad_outputs):
        inputs = self.inputs
        return _pow_var_var_grads(inputs[0].data, inputs[1].data, grad_outputs[0],
                                  self._retained_output_data[0], indexes)


class PowVarVarGrad(function_node.FunctionNode):
    """Gradients of :class:`PowVarVar`: inputs ``(x0, x1, gy)``, outputs ``(gx0, gx1)``.

    Args:
        is_elementwise (bool): Whether ``x0`` and ``x1`` have one shape (no summation).
        y (:ref:`ndarray`): The output ``x0 ** x1``.
    """

    def __init__(self, is_elementwise, y):
        self.is_elementwise = is_elementwise
        self.y = y

    def forward(self, inputs):
        self.retain_inputs((0, 1, 2))
        x0, x1, gy = inputs
        return _pow_var_var_grads(x0, x1, gy, self.y, (0, 1))

    def backward(self, indexes, grad_outputs):
        x0, x1, gy = self.get_retained_inputs()
        ggx0, ggx1 = grad_outputs
        F = chainer.functions
        # with p = x0 ** (x1 - 1) and l = log(x0):
        # gx0 = gy * x1 * p and gx1 = gy * x0 * p * l
        p = x0 ** (x1 - 1)
        log_x0 = F.log(x0)
        ret = []
        for i in indexes:
            g = None
            if i == 0:
                if ggx0 is not None:
                    # x0 ** (x1 - 2), not p / x0: finite at x0 == 0, as v7
                    g = ggx0 * gy * x1 * (x1 - 1) * x0 ** (x1 - 2)
                if ggx1 is not None:
                    t = ggx1 * gy * p * (x1 * log_x0 + 1)
                    g = t if g is None else g + t
                g = _sum_to_shape(g, x0.shape)
            elif i == 1:
                if ggx0 is not None:
                    g = ggx0 * gy * p * (1 + x1 * log_x0)
                if ggx1 is not None:
                    t = ggx1 * gy * x0 * p * log_x0 * log_x0
                    g = t if g is None else g + t
                g = _sum_to_shape(g, x1.shape)
            else:
                if ggx0 is not None:
                    g = ggx0 * x1 * p
                if ggx1 is not None:
                    t = ggx1 * x0 * p * log_x0
                    g = t if g is None else g + t
                if g is not None and g.shape != gy.shape:
                    g = F.broadcast_to(g, gy.shape)
            ret.append(g)
        return tuple(ret)


def _pow_var_const_grad(x, gy, value):
    """``value * x ** (value - 1) * gy``: the array computation of :class:`PowVarConstGrad`."""
    if numpy.isscalar(value) and value == 2:
        return utils.force_array(gy * (x * x.dtype.type(2)))
    gx = utils.force_array(x ** _preprocess_const(x, value - 1))
    gx *= _preprocess_const(gx, value)
    gx *= gy
    return gx


class PowVarConst(_ConstantOp):
    """Elementwise power ``x ** value`` with a constant exponent."""

    _label_format = '_ ** %s'
    _float_only = True

    def forward(self, inputs):
        self.retain_inputs((0,))
        x = inputs[0]
        return utils.force_array(x ** _preprocess_const(x, self.value)),

    def backward(self, indexes, grad_outputs):
        x, = self.get_retained_inputs()
        return PowVarConstGrad(self.value).apply((x, grad_outputs[0]))

    def _backward_arrays(self, indexes, grad_outputs):
        return _pow_var_const_grad(self.inputs[0].data, grad_outputs[0], self.value),


class PowVarConstGrad(_ConstantOpGrad):
    """Gradient of :class:`PowVarConst`: ``(x, gy) -> value * x ** (value - 1) * gy``."""
    is_elementwise = True

    _grad = staticmethod(_pow_var_const_grad)

    def backward(self, indexes, grad_outputs):
        x, gy = self.get_retained_inputs()
        g, = grad_outputs
        value = self.value
        ret = []
        for i in indexes:
            if i == 0:
                ret.append(g * gy * (value * (value - 1)) * x ** (value - 2))
            else:
                ret.append(g * value * x ** (value - 1))
        return tuple(ret)


def _pow_const_var_grad(y, gy, value):
    """``gy * y * log(value)`` from the output ``y = value ** x``: the array computation
    of :class:`PowConstVarGrad`."""
    xp = backend.get_array_module(y)
    return utils.force_array(gy * y * xp.log(xp.asarray(value, dtype=y.dtype)))


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
        return PowConstVarGrad(self.value).apply((y, grad_outputs[0]))

    def _backward_arrays(self, indexes, grad_outputs):
        return _pow_const_var_grad(self._retained_output_data[0], grad_outputs[0],
                                   self.value),


class PowConstVarGrad(_ConstantOpGrad):
    """Gradient of :class:`PowConstVar` from its output: ``(y, gy) -> gy * y * log(value)``."""
    is_elementwise = True

    _grad = staticmethod(_pow_const_var_grad)

    def backward(self, indexes, grad_outputs):
        y, gy = self.get_retained_inputs()
        g, = grad_outputs
        log_value = _log_of(self.value, y.dtype)
        ret = []
        for i in indexes:
            if i == 0:
                ret.append(g * gy * log_value)
            else:
                ret.append(g * y * log_value)
        return tuple(ret)


def _log_of(value, dtype):
    # ``log(value)`` as a scalar of ``dtype``
    return dtype.type(numpy.log(numpy.asarray(value, dtype=dtype)))


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
            return Add()._apply_pair(lhs, rhs)[0]
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
    return Sub().apply((self, rhs_var))[0]


def rsub(self, rhs):
    """Reflected subtraction: ``rhs - x``."""
    rhs_var = _as_variable_rhs(self, rhs)
    if rhs_var is None:
        return SubFromConstant(rhs).apply((self,))[0]
    return Sub().apply((rhs_var, self))[0]


def mul(self, rhs):
    """Elementwise multiplication: ``x * rhs``."""
    if isinstance(rhs, _Variable):
        return Mul()._apply_pair(self, rhs)[0]
    rhs_var = _as_variable_rhs(self, rhs)
    if rhs_var is None:
        return MulConstant(rhs).apply((self,))[0]
    return Mul().apply((self, rhs_var))[0]


def div(self, rhs):
    """Elementwise true division: ``x / rhs``."""
    rhs_var = _as_variable_rhs(self, rhs)
    if rhs_var is None:
        return MulConstant(1.0 / rhs).apply((self,))[0]
    return Div().apply((self, rhs_var))[0]


def rdiv(self, rhs):
    """Reflected true division: ``rhs / x``."""
    rhs_var = _as_variable_rhs(self, rhs)
    if rhs_var is None:
        return DivFromConstant(rhs).apply((self,))[0]
    return Div().apply((rhs_var, self))[0]


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
    return PowVarVar().apply((self, rhs_var))[0]


def rpow(self, rhs):
    """Reflected power: ``rhs ** x``."""
    rhs_var = _as_variable_rhs(self, rhs)
    if rhs_var is None:
        return PowConstVar(rhs).apply((self,))[0]
    return PowVarVar().apply((rhs_var, self))[0]


def _matmul_operand(x, rhs):
    """``rhs`` for ``x @ rhs`` / ``rhs @ x``: a constant array takes the dtype of ``x`` (v7)."""
    if isinstance(rhs, _Variable):
        return rhs
    _check_constant_type(rhs)
    if variable._is_array(rhs) and rhs.dtype != x.dtype:
        rhs = rhs.astype(x.dtype)
    return rhs


def matmul(self, rhs):
    """Matrix product ``x @ rhs`` (NumPy ``matmul`` semantics)."""
    from chainer.functions.math import matmul as matmul_module
    return matmul_module.matmul(self, _matmul_operand(self, rhs))


def rmatmul(self, rhs):
    """Reflected matrix product ``rhs @ x``."""
    from chainer.functions.math import matmul as matmul_module
    return matmul_module.matmul(_matmul_operand(self, rhs), self)


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
