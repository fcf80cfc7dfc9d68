"""The array-level backward (``_backward_arrays``) of the array functions equals ``backward``."""
import numpy
import pytest

import chainer.functions as F
from chainer.functions.array import _stacking
from chainer.functions.array import cast
from chainer.functions.array import concat
from chainer.functions.array import expand_dims
from chainer.functions.array import moveaxis
from chainer.functions.array import rollaxis
from chainer.functions.array import select_item
from chainer.functions.array import separate
from chainer.functions.array import split_axis
from chainer.functions.array import squeeze
from chainer.functions.array import stack
from chainer.functions.array import swapaxes
from chainer.functions.array import tile
from chainer.functions.array import where
from chainer.testing._fast_backward import check_fast_backward

DTYPES = [numpy.float16, numpy.float32, numpy.float64]


def _uniform(shape, dtype, seed=0):
    return numpy.random.RandomState(seed).uniform(-1, 1, shape).astype(dtype)


def _check_like_numpy(node_class, func, reference, xs, dtype):
    """Checks ``node_class`` with an output gradient shaped like ``reference(*xs)``."""
    gy = _uniform(reference(*xs).shape, dtype, 9)
    check_fast_backward(node_class, func, xs, [gy])


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('shapes,axis', [
    ([(2, 3), (2, 1), (2, 2)], 1),
    ([(2, 3), (1, 3)], 0),
    ([(2, 3), (2, 2)], -1),
    ([(2, 3)], 1),
    ([(2, 0), (2, 2)], 1),
])
def test_concat(dtype, shapes, axis):
    xs = [_uniform(s, dtype, i) for i, s in enumerate(shapes)]
    _check_like_numpy(concat.Concat, lambda *v: F.concat(v, axis),
                      lambda *a: numpy.concatenate(a, axis), xs, dtype)


@pytest.mark.parametrize('dtype', DTYPES)
def test_concat_some_inputs(dtype):
    # only the second input needs a gradient: one entry for index 1 only
    xs = [_uniform((2, 3), dtype, 0), _uniform((2, 2), dtype, 1)]
    c = numpy.array(xs[0])
    check_fast_backward(concat.Concat, lambda x1: F.concat((c, x1), 1), [xs[1]],
                        [_uniform((2, 5), dtype, 2)])


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('spec,axis,missing', [
    (3, 1, ()),
    (3, 1, (1,)),
    ([1, 2], 1, (0, 2)),
    ([1], -2, ()),
    ([], 0, ()),
])
def test_split_axis(dtype, spec, axis, missing):
    x = _uniform((4, 6), dtype)
    pieces = numpy.split(x, spec, axis)
    gys = [None if i in missing else _uniform(p.shape, dtype, i + 1)
           for i, p in enumerate(pieces)]
    check_fast_backward(split_axis.SplitAxis, lambda v: F.split_axis(v, spec, axis), [x], gys)


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('shape,axis', [((2, 3), 0), ((2, 3), 2), ((2, 3), -1), ((), 0)])
def test_expand_dims(dtype, shape, axis):
    _check_like_numpy(expand_dims.ExpandDims, lambda v: F.expand_dims(v, axis),
                      lambda a: numpy.expand_dims(a, axis), [_uniform(shape, dtype)], dtype)


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('shape,axis', [
    ((1, 3, 1), None), ((1, 3, 1), 0), ((1, 3, 1), (0, -1)), ((1,), None), ((1, 0), 0)])
def test_squeeze(dtype, shape, axis):
    _check_like_numpy(squeeze.Squeeze, lambda v: F.squeeze(v, axis),
                      lambda a: numpy.squeeze(a, axis), [_uniform(shape, dtype)], dtype)


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('axis1,axis2', [(0, 2), (-1, 1), (1, 1)])
def test_swapaxes(dtype, axis1, axis2):
    x = _uniform((2, 3, 4), dtype)
    y_shape = x.swapaxes(axis1, axis2).shape
    check_fast_backward(swapaxes.Swapaxes, lambda v: F.swapaxes(v, axis1, axis2), [x],
                        [_uniform(y_shape, dtype, 1)])


@pytest.mark.parametrize('in_dtype', DTYPES)
@pytest.mark.parametrize('out_dtype', DTYPES)
@pytest.mark.parametrize('shape', [(2, 3), ()])
def test_cast(in_dtype, out_dtype, shape):
    x = _uniform(shape, in_dtype)
    check_fast_backward(cast.Cast, lambda v: F.cast(v, out_dtype), [x],
                        [_uniform(shape, out_dtype, 1)])


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('shape,axis', [((2, 3), 0), ((2, 3), 1), ((2, 3), -1), ((), 0)])
def test_stack(dtype, shape, axis):
    xs = [_uniform(shape, dtype, i) for i in range(3)]
    _check_like_numpy(stack.Stack, lambda *v: F.stack(v, axis),
                      lambda *a: numpy.stack(a, axis), xs, dtype)


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('func,np_func', [
    (F.hstack, numpy.hstack), (F.vstack, numpy.vstack), (F.dstack, numpy.dstack)])
@pytest.mark.parametrize('shapes', [
    [(3,), (3,)], [(3,)], [()], [(), ()], [(2, 3), (2, 3)], [(2, 3, 2), (2, 3, 2)],
])
def test_join(dtype, func, np_func, shapes):
    xs = [_uniform(s, dtype, i) for i, s in enumerate(shapes)]
    y_shape = np_func(xs).shape
    check_fast_backward(_stacking.JoinNode, lambda *v: func(v), xs,
                        [_uniform(y_shape, dtype, 9)])


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('func,shapes', [
    (F.hstack, [(2, 1), (2, 3)]), (F.vstack, [(1, 3), (2, 3)]),
    (F.dstack, [(2, 3, 1), (2, 3, 2)])])
def test_join_native_axis(dtype, func, shapes):
    xs = [_uniform(s, dtype, i) for i, s in enumerate(shapes)]
    y_shape = func(xs).shape
    check_fast_backward(_stacking.JoinNode, lambda *v: func(v), xs,
                        [_uniform(y_shape, dtype, 9)])


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('t_dtype', [numpy.int32, numpy.int64])
def test_select_item(dtype, t_dtype):
    x = _uniform((4, 3), dtype)
    t = numpy.array([2, 0, 1, 2], t_dtype)
    check_fast_backward(select_item.SelectItem, F.select_item, [x, t],
                        [_uniform((4,), dtype, 1)])


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('c_shape,x_shape,y_shape', [
    ((2, 3), (2, 3), (2, 3)),
    ((2, 3), (1, 3), (2, 1)),
    ((2, 3), (), (3,)),
    ((), (2, 3), (2, 3)),
    ((3,), (2, 1), (2, 3)),
])
def test_where(dtype, c_shape, x_shape, y_shape):
    condition = numpy.random.RandomState(5).uniform(0, 1, c_shape) > 0.5
    x = _uniform(x_shape, dtype, 1)
    y = _uniform(y_shape, dtype, 2)
    out_shape = numpy.broadcast_shapes(c_shape, x_shape, y_shape)
    check_fast_backward(where.Where, lambda a, b: F.where(condition, a, b), [x, y],
                        [_uniform(out_shape, dtype, 3)])


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('shape,reps', [
    ((2, 3), (2, 1)), ((2, 3), 2), ((3,), (2, 2)), ((2, 1, 2), (3, 2)), ((), 3), ((), ()),
    ((2, 3), (0, 1)),
])
def test_tile(dtype, shape, reps):
    _check_like_numpy(tile.Tile, lambda v: F.tile(v, reps), lambda a: numpy.tile(a, reps),
                      [_uniform(shape, dtype)], dtype)


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('shape,axis,missing', [
    ((3, 2), 0, ()), ((3, 2), 1, ()), ((2, 3, 2), -2, (1,)), ((3,), 0, (0, 2)),
])
def test_separate(dtype, shape, axis, missing):
    x = _uniform(shape, dtype)
    pieces = [numpy.take(x, i, axis) for i in range(x.shape[axis])]
    gys = [None if i in missing else _uniform(p.shape, dtype, i + 1)
           for i, p in enumerate(pieces)]
    check_fast_backward(separate.Separate, lambda v: F.separate(v, axis), [x], gys)


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('source,destination', [
    (0, 2), (-1, 0), ((0, 1), (2, 0)), ((), ()), (1, 1)])
def test_moveaxis(dtype, source, destination):
    _check_like_numpy(moveaxis.Moveaxis, lambda v: F.moveaxis(v, source, destination),
                      lambda a: numpy.moveaxis(a, source, destination),
                      [_uniform((2, 3, 4), dtype)], dtype)


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('axis,start', [
    (0, 0), (0, 2), (0, 3), (2, 0), (2, 3), (-1, 1), (1, -3), (1, -1), (2, 1)])
def test_rollaxis(dtype, axis, start):
    _check_like_numpy(rollaxis.Rollaxis, lambda v: F.rollaxis(v, axis, start),
                      lambda a: numpy.rollaxis(a, axis, start), [_uniform((2, 3, 4), dtype)],
                      dtype)
