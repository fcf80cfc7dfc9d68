"""chainerx.ndarray: construction, buffer attributes, conversions, gradients and graphs."""
import copy
import pickle

import numpy
import pytest

import chainerx
import chainerx.testing


def _arange(shape, dtype='float32', device=None):
    size = int(numpy.prod(shape))
    return chainerx.array(numpy.arange(size, dtype=dtype).reshape(shape), device=device)


@pytest.mark.parametrize('shape', [(), 3, (2, 3), [2, 0]])
@pytest.mark.parametrize('dtype', chainerx.testing.all_dtypes)
def test_init(shape, dtype):
    a = chainerx.ndarray(shape, dtype)
    expected = (shape,) if isinstance(shape, int) else tuple(shape)
    assert a.shape == expected
    assert a.dtype == numpy.dtype(dtype)
    assert a.device is chainerx.get_default_device()
    assert not a.is_backprop_required()


def test_init_device_and_errors():
    a = chainerx.ndarray((2,), 'float32', chainerx.get_device('native:1'))
    assert a.device.name == 'native:1'
    with pytest.raises(chainerx.DtypeError):
        chainerx.ndarray((2,), 'complex64')
    with pytest.raises(chainerx.DtypeError):
        chainerx.ndarray((2,), numpy.uint16)


def test_buffer_attributes():
    a = _arange((3, 4), 'float64')
    assert a.ndim == 2 and a.size == 12 and a.itemsize == 8 and a.nbytes == 96
    assert a.strides == (32, 8)
    assert a.is_contiguous
    assert a.offset == 0
    assert a.data_size == 96
    v = a[1:, 2:]
    assert v.offset == 32 + 16
    assert v.data_ptr == a.data_ptr
    assert v.data_size == 96
    assert not v.is_contiguous
    assert v.strides == (32, 8)
    t = a.T
    assert t.shape == (4, 3) and t.strides == (8, 32)
    assert a.T is not a.T


def test_shape_has_no_setter():
    a = _arange((2, 3))
    with pytest.raises(AttributeError):
        a.shape = (3, 2)


def test_repr():
    a = chainerx.array([1, 2], 'float32')
    assert repr(a) == "array([1., 2.], shape=(2,), dtype=float32, device='native:0')"
    a.require_grad()
    assert repr(a).endswith(", backprop_ids=['<default>'])")
    assert repr(chainerx.zeros((0, 2))) == (
        "array([], shape=(0, 2), dtype=float32, device='native:0')")


def test_len_bool_int_float():
    a = _arange((3, 2))
    assert len(a) == 3
    with pytest.raises(TypeError):
        len(chainerx.array(1.0))
    assert bool(chainerx.array([1]))
    assert not bool(chainerx.array(0.0))
    with pytest.raises(chainerx.DimensionError, match='more than one element'):
        bool(a)
    with pytest.raises(chainerx.DimensionError, match='empty array'):
        bool(chainerx.zeros((0,)))
    assert int(chainerx.array([[7.9]])) == 7
    assert float(chainerx.array(2.5)) == 2.5
    with pytest.raises(chainerx.DimensionError):
        float(a)


def test_to_numpy_shares_memory_on_native():
    a = _arange((2, 2))
    n = chainerx.to_numpy(a, copy=False)
    n[0, 0] = 42
    assert float(a[0, 0]) == 42
    c = chainerx.to_numpy(a)
    c[0, 0] = 0
    assert float(a[0, 0]) == 42
    numpy.testing.assert_array_equal(numpy.asarray(a), n)


def test_array_from_numpy_shares_memory_without_copy():
    n = numpy.zeros(3, numpy.float32)
    a = chainerx.array(n, copy=False)
    n[1] = 5
    assert float(a[1]) == 5
    b = chainerx.array(n)
    n[1] = 6
    assert float(b[1]) == 5


def test_astype():
    a = _arange((2,), 'float32')
    assert a.astype('float32', copy=False) is a
    b = a.astype('float32')
    assert b is not a and b.dtype == numpy.float32
    c = a.astype(numpy.int8)
    assert c.dtype == numpy.int8
    with pytest.raises(chainerx.DtypeError):
        a.astype('complex128')


def test_astype_gradient_is_cast_back():
    a = chainerx.array([1., 2.], 'float32').require_grad()
    (a.astype('float64') * 3).sum().backward()
    assert a.grad.dtype == numpy.float32
    chainerx.testing.assert_allclose(a.grad, [3, 3])


def test_copy_and_view():
    a = _arange((2, 3)).require_grad()
    c = a.copy()
    v = a.view()
    assert c.is_contiguous and c.device is a.device
    v_data = chainerx.to_numpy(v, copy=False)
    assert numpy.shares_memory(v_data, chainerx.to_numpy(a, copy=False))
    assert not numpy.shares_memory(chainerx.to_numpy(c, copy=False), v_data)
    assert v.is_backprop_required() and c.is_backprop_required()
    assert not v.is_grad_required()
    (c * 2 + v * 3).sum().backward()
    chainerx.testing.assert_allclose(a.grad, numpy.full((2, 3), 5))


def test_copy_module_protocols():
    a = _arange((2,)).require_grad()
    shallow = copy.copy(a)
    assert shallow is not a
    deep = copy.deepcopy(a)
    assert not deep.is_backprop_required()
    chainerx.testing.assert_array_equal(deep, a)


def test_pickle_keeps_data_and_device():
    a = _arange((2, 2), 'float64', 'native:2')
    b = pickle.loads(pickle.dumps(a))
    assert b.device.name == 'native:2'
    chainerx.testing.assert_array_equal_ex(b, a)


def test_fill():
    a = chainerx.zeros((2, 2), 'int32')
    a.fill(3)
    chainerx.testing.assert_array_equal(a, numpy.full((2, 2), 3))
    b = chainerx.zeros((2,)).require_grad()
    with pytest.raises(chainerx.ChainerxError):
        b.fill(1)


def test_to_device():
    a = _arange((2,)).require_grad()
    same = a.to_device('native:0')
    assert same.device is a.device
    assert numpy.shares_memory(chainerx.to_numpy(same, False), chainerx.to_numpy(a, False))
    other = a.to_device('native', 1)
    assert other.device.name == 'native:1'
    assert not numpy.shares_memory(chainerx.to_numpy(other, False),
                                   chainerx.to_numpy(a, False))
    (other * 2).sum().backward()
    assert a.grad.device is a.device
    chainerx.testing.assert_allclose(a.grad, [2, 2])
    other2 = a.to_device(chainerx.get_device('native:3'))
    assert other2.device.name == 'native:3'


def test_device_mismatch_raises():
    a = _arange((2,))
    b = _arange((2,), device='native:1')
    with pytest.raises(chainerx.DeviceError):
        a + b


# -----------------------------------------------------------------------------------------
# gradients

def test_require_grad_returns_self_and_is_idempotent():
    a = _arange((2,))
    assert not a.is_grad_required() and not a.is_backprop_required()
    assert a.require_grad() is a
    assert a.require_grad() is a
    assert a.is_grad_required() and a.is_backprop_required()


def test_require_grad_rejects_integral_arrays():
    with pytest.raises(chainerx.DtypeError):
        chainerx.array([1, 2]).require_grad()


def test_grad_requirement_is_not_propagated():
    a = _arange((2,)).require_grad()
    b = a * 2
    assert b.is_backprop_required()
    assert not b.is_grad_required()
    with pytest.raises(chainerx.ChainerxError):
        b.grad


def test_grad_of_array_not_requiring_grad_raises():
    a = _arange((2,))
    with pytest.raises(chainerx.ChainerxError):
        a.grad
    with pytest.raises(chainerx.ChainerxError):
        a.get_grad()
    with pytest.raises(chainerx.ChainerxError):
        a.set_grad(_arange((2,)))
    with pytest.raises(chainerx.ChainerxError):
        a.cleargrad()


def test_set_grad_and_cleargrad():
    a = _arange((2, 3)).require_grad()
    assert a.grad is None
    g = chainerx.ones((2, 3))
    a.grad = g
    assert a.grad is g
    assert a.get_grad() is g
    a.cleargrad()
    assert a.grad is None
    a.set_grad(g)
    a.grad = None
    assert a.grad is None


@pytest.mark.parametrize('grad,error', [
    (chainerx.ones((3, 2)), chainerx.DimensionError),
    (chainerx.ones((2, 3), 'float64'), chainerx.DtypeError),
    (chainerx.ones((2, 3), device='native:1'), chainerx.DeviceError),
])
def test_set_grad_mismatch(grad, error):
    a = _arange((2, 3)).require_grad()
    with pytest.raises(error):
        a.set_grad(grad)


def test_set_grad_on_intermediate_array():
    a = _arange((2,)).require_grad()
    b = a * 3
    b.set_grad(chainerx.array([1., 10.], 'float32'))
    b.backward()
    chainerx.testing.assert_allclose(a.grad, [3, 30])


def test_intermediate_array_with_required_grad():
    a = _arange((2,)).require_grad()
    b = (a * 3).require_grad()
    (b * b).sum().backward()
    chainerx.testing.assert_allclose(b.grad, 2 * 3 * numpy.arange(2))
    chainerx.testing.assert_allclose(a.grad, 18 * numpy.arange(2))


def test_as_grad_stopped():
    a = _arange((2,)).require_grad()
    view = a.as_grad_stopped()
    assert not view.is_backprop_required()
    assert numpy.shares_memory(chainerx.to_numpy(view, False), chainerx.to_numpy(a, False))
    copied = a.as_grad_stopped(copy=True)
    assert not copied.is_backprop_required()
    assert not numpy.shares_memory(chainerx.to_numpy(copied, False),
                                   chainerx.to_numpy(a, False))


def test_as_grad_stopped_for_some_graphs():
    with chainerx.backprop_scope('bp1') as bp1, chainerx.backprop_scope('bp2') as bp2:
        a = _arange((2,)).require_grad(bp1).require_grad(bp2)
        b = a.as_grad_stopped([bp1])
        assert not b.is_backprop_required(bp1)
        assert b.is_backprop_required(bp2)
        (b * 2).sum().backward(bp2)
        chainerx.testing.assert_allclose(a.get_grad(bp2), [2, 2])


def test_is_backprop_required_any_graph():
    with chainerx.backprop_scope('bp1') as bp1:
        a = _arange((2,)).require_grad(bp1)
        assert not a.is_backprop_required()
        assert a.is_backprop_required(bp1)
        assert a.is_backprop_required(chainerx.anygraph)
        with chainerx.no_backprop_mode(bp1):
            assert not a.is_backprop_required(chainerx.anygraph)
    assert not _arange((1,)).is_backprop_required(chainerx.anygraph)


def test_in_place_operator_on_array_requiring_grad_raises():
    a = _arange((2,)).require_grad()
    with pytest.raises(chainerx.ChainerxError):
        a += 1
    with pytest.raises(chainerx.ChainerxError):
        a[0] = 1


# -----------------------------------------------------------------------------------------
# operators

@pytest.mark.parametrize('op', ['__add__', '__sub__', '__mul__', '__truediv__', '__pow__',
                                '__eq__', '__ne__', '__lt__', '__le__', '__gt__', '__ge__',
                                '__radd__', '__rsub__', '__rmul__', '__rtruediv__',
                                '__rpow__', '__mod__', '__rmod__', '__floordiv__'])
@pytest.mark.parametrize('other', ['array', 2, 1.5, numpy.float32(0.5)])
@chainerx.testing.numpy_chainerx_allclose(rtol=1e-6, dtype_check=False)
def test_operators(xp, op, other):
    a = xp.asarray(numpy.array([[1., 2., 3.], [4., 5., 6.]], numpy.float32))
    b = xp.asarray(numpy.array([0.5, 1.5, 2.5], numpy.float32)) if other == 'array' \
        else other
    return getattr(a, op)(b)


@pytest.mark.parametrize('op', ['__iadd__', '__isub__', '__imul__', '__itruediv__'])
def test_in_place_operators(op):
    a = _arange((2, 3))
    expected = getattr(numpy.arange(6, dtype=numpy.float32).reshape(2, 3), op)(
        numpy.float32(2))
    result = getattr(a, op)(2)
    assert result is a
    chainerx.testing.assert_allclose(a, expected)


def test_in_place_operator_cannot_widen_dtype():
    a = chainerx.array([1, 2], 'int32')
    with pytest.raises(chainerx.DtypeError):
        a += 1.5


@pytest.mark.parametrize('op', ['__and__', '__or__', '__xor__', '__lshift__', '__rshift__'])
@chainerx.testing.numpy_chainerx_array_equal()
def test_bitwise_operators(xp, op):
    a = xp.asarray(numpy.array([1, 6, 12], numpy.int32))
    b = xp.asarray(numpy.array([3, 2, 1], numpy.int32))
    return getattr(a, op)(b)


def test_unary_operators():
    a = chainerx.array([-1., 2.], 'float32')
    chainerx.testing.assert_array_equal(-a, [1, -2])
    chainerx.testing.assert_array_equal(abs(a), [1, 2])
    with pytest.raises(chainerx.DtypeError):
        -chainerx.array([True])


def test_numpy_operand_defers_to_chainerx():
    a = _arange((2,))
    with pytest.raises(TypeError):
        a + numpy.ones(2, numpy.float32)
    with pytest.raises(TypeError):
        numpy.ones(2, numpy.float32) + a


def test_comparison_with_unsupported_type():
    a = _arange((2,))
    assert (a == 'x') is False
    assert (a != None) is True  # noqa: E711


def test_array_is_unhashable():
    with pytest.raises(TypeError):
        hash(_arange((1,)))


# -----------------------------------------------------------------------------------------
# indexing and methods

@pytest.mark.parametrize('key', [
    0, -1, slice(None), slice(1, None), (slice(None), 1), (Ellipsis, 0), (None, 0),
    (slice(None, None, -1), slice(0, 3, 2)), (1, None, Ellipsis), numpy.int64(1),
])
@chainerx.testing.numpy_chainerx_array_equal()
def test_getitem_basic(xp, key):
    a = xp.asarray(numpy.arange(12, dtype=numpy.float32).reshape(3, 4))
    return a[key]


def test_getitem_is_a_view():
    a = _arange((3, 4))
    v = a[1:, ::2]
    assert v.data_ptr == a.data_ptr


@pytest.mark.parametrize('key', [[0, 1], numpy.array([0, 1]), (numpy.array([True, False]),),
                                 True, 1.5, 'a'])
def test_getitem_advanced_indexing_raises(key):
    a = _arange((2, 2))
    with pytest.raises(IndexError):
        a[key]


def test_getitem_with_integer_array_takes_along_first_axis():
    a = _arange((3, 2))
    chainerx.testing.assert_array_equal(a[chainerx.array([2, 0])], [[4, 5], [0, 1]])


def test_getitem_out_of_bounds():
    with pytest.raises(IndexError):
        _arange((2,))[2]


def test_getitem_backward():
    a = _arange((3, 4)).require_grad()
    a[1:, ::2].sum().backward()
    expected = numpy.zeros((3, 4), numpy.float32)
    expected[1:, ::2] = 1
    chainerx.testing.assert_array_equal(a.grad, expected)


def test_setitem():
    a = chainerx.zeros((2, 3), 'float32')
    a[0] = 2
    a[1, 1:] = chainerx.array([5, 6], 'float32')
    chainerx.testing.assert_array_equal(a, [[2, 2, 2], [0, 5, 6]])
    with pytest.raises(chainerx.DeviceError):
        a[0] = chainerx.ones((3,), device='native:1')
    with pytest.raises(IndexError):
        a[[0, 1]] = 1


def test_iteration():
    a = _arange((2, 2))
    rows = list(a)
    assert len(rows) == 2
    chainerx.testing.assert_array_equal(rows[1], [2, 3])


@pytest.mark.parametrize('method,args', [
    ('reshape', ((3, 2),)), ('reshape', (3, 2)), ('reshape', (-1,)), ('transpose', ()),
    ('transpose', ((1, 0),)), ('transpose', (1, 0)), ('ravel', ()), ('flatten', ()),
    ('squeeze', ()), ('sum', ()), ('sum', (1,)), ('max', ()), ('min', (0,)), ('argmax', ()),
    ('argmin', (1,)), ('take', ([0, 2], 1)), ('swapaxes', (0, 1)), ('repeat', (2,)),
    ('clip', (1, 4)), ('dot', ()), ('mean', ()), ('all', ()), ('any', ()), ('copy', ()),
])
@chainerx.testing.numpy_chainerx_allclose(rtol=1e-6, dtype_check=False)
def test_methods(xp, method, args):
    a = xp.asarray(numpy.arange(6, dtype=numpy.float32).reshape(2, 3))
    if method == 'dot':
        args = (a.T,)
    return getattr(a, method)(*args)


def test_sum_keepdims_method():
    a = _arange((2, 3))
    assert a.sum(axis=1, keepdims=True).shape == (2, 1)
    assert a.max(axis=(0, 1), keepdims=True).shape == (1, 1)


# the members of the v7 ``chainerx.ndarray`` reference
_SEED_MEMBERS = (
    '__getitem__', '__setitem__', '__len__', 'argmax', 'as_grad_stopped', 'astype', 'backward',
    'cleargrad', 'clip', 'copy', 'dot', 'fill', 'get_grad', 'is_backprop_required',
    'is_grad_required', 'max', 'ravel', 'require_grad', 'reshape', 'set_grad', 'squeeze', 'sum',
    'take', 'to_device', 'transpose', 'view', '__eq__', '__ne__', '__lt__', '__le__', '__gt__',
    '__ge__', '__bool__', '__neg__', '__add__', '__radd__', '__sub__', '__rsub__', '__mul__',
    '__rmul__', '__truediv__', 'T', 'data_ptr', 'data_size', 'device', 'dtype', 'grad',
    'is_contiguous', 'itemsize', 'nbytes', 'ndim', 'offset', 'shape', 'size', 'strides')


@pytest.mark.parametrize('name', _SEED_MEMBERS)
def test_seed_members_are_documented(name):
    doc = getattr(chainerx.ndarray, name).__doc__
    assert doc and doc.strip()
    inherited = getattr(object, name, None)   # e.g. object.__eq__
    assert inherited is None or doc != inherited.__doc__


@pytest.mark.parametrize('name,doc', [
    ('__eq__', 'Computes x == y elementwise.'), ('__ge__', 'Computes x >= y elementwise.'),
    ('__add__', 'Computes x + y elementwise.'), ('__radd__', 'Computes y + x elementwise.'),
    ('__rsub__', 'Computes y - x elementwise.'), ('__mul__', 'Computes x * y elementwise.'),
    ('__truediv__', 'Computes x / y elementwise.'), ('__neg__', 'Computes -x elementwise.'),
])
def test_operator_docs(name, doc):
    assert getattr(chainerx.ndarray, name).__doc__ == doc
