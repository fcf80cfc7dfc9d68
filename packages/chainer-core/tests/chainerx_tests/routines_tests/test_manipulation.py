"""Shape manipulation, joining and splitting, with their gradients."""
import numpy
import pytest

import chainerx
import chainerx.testing


def _arange(shape, dtype='float32'):
    return numpy.arange(numpy.prod(shape), dtype=dtype).reshape(shape)


def _uniform(shape, seed=0):
    return numpy.random.RandomState(seed).uniform(-1, 1, shape)


_VIEWS = [
    ('reshape', (2, 3, 4), lambda xp, a: xp.reshape(a, (4, 6))),
    ('reshape_neg', (2, 3, 4), lambda xp, a: xp.reshape(a, (-1, 2))),
    ('reshape_args', (2, 3, 4), lambda xp, a: a.reshape(6, 4)),
    ('ravel', (2, 3), lambda xp, a: xp.ravel(a)),
    ('transpose', (2, 3, 4), lambda xp, a: xp.transpose(a)),
    ('transpose_axes', (2, 3, 4), lambda xp, a: xp.transpose(a, (1, 2, 0))),
    ('transpose_neg', (2, 3, 4), lambda xp, a: xp.transpose(a, (-1, 0, 1))),
    ('swapaxes', (2, 3, 4), lambda xp, a: xp.swapaxes(a, 0, 2)),
    ('moveaxis', (2, 3, 4), lambda xp, a: xp.moveaxis(a, 0, -1)),
    ('moveaxis_multi', (2, 3, 4), lambda xp, a: xp.moveaxis(a, (0, 1), (2, 0))),
    ('squeeze', (1, 3, 1), lambda xp, a: xp.squeeze(a)),
    ('squeeze_axis', (1, 3, 1), lambda xp, a: xp.squeeze(a, 2)),
    ('squeeze_axes', (1, 3, 1), lambda xp, a: xp.squeeze(a, (0, 2))),
    ('expand_dims', (2, 3), lambda xp, a: xp.expand_dims(a, 1)),
    ('expand_dims_neg', (2, 3), lambda xp, a: xp.expand_dims(a, -1)),
    ('broadcast_to', (3, 1), lambda xp, a: xp.broadcast_to(a, (2, 3, 4))),
    ('atleast_2d', (3,), lambda xp, a: xp.atleast_2d(a)),
    ('atleast_2d_0d', (), lambda xp, a: xp.atleast_2d(a)),
    ('atleast_3d', (3,), lambda xp, a: xp.atleast_3d(a)),
    ('atleast_3d_2d', (2, 3), lambda xp, a: xp.atleast_3d(a)),
    ('flip', (2, 3), lambda xp, a: xp.flip(a, 1)),
    ('flip_all', (2, 3), lambda xp, a: xp.flip(a)),
    ('fliplr', (2, 3), lambda xp, a: xp.fliplr(a)),
    ('flipud', (2, 3), lambda xp, a: xp.flipud(a)),
    ('repeat', (2, 3), lambda xp, a: xp.repeat(a, 2)),
    ('repeat_axis', (2, 3), lambda xp, a: xp.repeat(a, 2, 1)),
    ('repeat_list', (2, 3), lambda xp, a: xp.repeat(a, [1, 0, 2], 1)),
    ('tile', (2, 3), lambda xp, a: xp.tile(a, 2)),
    ('tile_more_axes', (2, 3), lambda xp, a: xp.tile(a, (2, 1, 3))),
    ('tile_fewer_reps', (2, 1, 3), lambda xp, a: xp.tile(a, (2, 2))),
]


@pytest.mark.parametrize('name,shape,func', _VIEWS, ids=[v[0] for v in _VIEWS])
@chainerx.testing.numpy_chainerx_array_equal()
def test_shape_routines(xp, name, shape, func):
    return func(xp, xp.asarray(_arange(shape)))


@pytest.mark.parametrize('name,shape,func', _VIEWS, ids=[v[0] for v in _VIEWS])
def test_shape_routines_backward(grad_check, name, shape, func):
    grad_check(lambda xs: func(chainerx, xs[0]), [_uniform(shape)])


@pytest.mark.parametrize('func', [
    lambda a: chainerx.reshape(a, (5,)), lambda a: chainerx.squeeze(a, 0),
    lambda a: chainerx.transpose(a, (0, 0)), lambda a: chainerx.swapaxes(a, 0, 3),
    lambda a: chainerx.broadcast_to(a, (3, 3)), lambda a: chainerx.expand_dims(a, 4),
    lambda a: chainerx.repeat(a, [1, 2, 3], 0), lambda a: chainerx.moveaxis(a, 0, 5),
])
def test_shape_errors(func):
    with pytest.raises(chainerx.DimensionError):
        func(chainerx.ones((2, 3)))


def test_reshape_is_a_view():
    a = chainerx.arange(6, dtype='float32')
    b = a.reshape(2, 3)
    assert b.data_ptr == a.data_ptr


def test_flatten_copies():
    a = chainerx.arange(6, dtype='float32').reshape(2, 3)
    f = chainerx.flatten(a)
    f[0] = 100
    assert float(a[0, 0]) == 0
    assert a.flatten().shape == (6,)


@pytest.mark.parametrize('func', [
    lambda xp, arrs: xp.concatenate(arrs),
    lambda xp, arrs: xp.concatenate(arrs, 1),
    lambda xp, arrs: xp.concatenate(arrs, -1),
    lambda xp, arrs: xp.concatenate(arrs, None),
    lambda xp, arrs: xp.stack(arrs),
    lambda xp, arrs: xp.stack(arrs, -1),
    lambda xp, arrs: xp.hstack(arrs),
    lambda xp, arrs: xp.vstack(arrs),
    lambda xp, arrs: xp.dstack(arrs),
])
@chainerx.testing.numpy_chainerx_array_equal()
def test_join(xp, func):
    arrs = [xp.asarray(_arange((2, 3)) + i) for i in range(3)]
    return func(xp, arrs)


@pytest.mark.parametrize('func', [
    lambda xs: chainerx.concatenate(xs, 1), lambda xs: chainerx.stack(xs, 2),
    lambda xs: chainerx.hstack(xs), lambda xs: chainerx.vstack(xs),
    lambda xs: chainerx.dstack(xs),
])
def test_join_backward(grad_check, func):
    grad_check(func, [_uniform((2, 3), 1), _uniform((2, 3), 2)])


def test_join_mixed_dtypes_and_errors():
    a = chainerx.ones((2,), 'int32')
    b = chainerx.ones((2,), 'float32')
    assert chainerx.concatenate([a, b]).dtype == numpy.float32
    with pytest.raises(chainerx.DimensionError):
        chainerx.concatenate([chainerx.ones((2, 3)), chainerx.ones((2, 4))])
    with pytest.raises(chainerx.DimensionError):
        chainerx.concatenate([chainerx.ones(()), chainerx.ones(())])
    with pytest.raises(chainerx.DimensionError):
        chainerx.stack([chainerx.ones((2,)), chainerx.ones((3,))])
    with pytest.raises(chainerx.DimensionError):
        chainerx.concatenate([])
    with pytest.raises(chainerx.DeviceError):
        chainerx.concatenate([chainerx.ones((2,)), chainerx.ones((2,), device='native:1')])


@pytest.mark.parametrize('func', [
    lambda xp, a: xp.split(a, 2), lambda xp, a: xp.split(a, [1, 3], 1),
    lambda xp, a: xp.split(a, [-1], 1), lambda xp, a: xp.split(a, [3, 1], 1),
    lambda xp, a: xp.hsplit(a, 2), lambda xp, a: xp.vsplit(a, [1]),
    lambda xp, a: xp.dsplit(xp.reshape(a, (2, 2, 2)), 2),
])
@chainerx.testing.numpy_chainerx_array_equal()
def test_split(xp, func):
    return tuple(func(xp, xp.asarray(_arange((2, 4)))))


def test_split_backward_and_errors(grad_check):
    grad_check(lambda xs: chainerx.split(xs[0], [1, 3], 1), [_uniform((2, 4))])
    with pytest.raises(chainerx.DimensionError):
        chainerx.split(chainerx.ones((3,)), 2)
    with pytest.raises(chainerx.DimensionError):
        chainerx.vsplit(chainerx.ones((3,)), 3)
    with pytest.raises(chainerx.DimensionError):
        chainerx.dsplit(chainerx.ones((3, 3)), 3)
