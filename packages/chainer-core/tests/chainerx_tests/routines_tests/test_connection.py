"""conv, conv_transpose and linear against direct NumPy references, with their gradients."""
import itertools

import numpy
import pytest

import chainerx
import chainerx.testing


def _uniform(shape, seed=0, dtype='float64'):
    return numpy.random.RandomState(seed).uniform(-1, 1, shape).astype(dtype)


def _outsize(d, k, s, p, cover_all):
    if cover_all:
        return (d + 2 * p - k + s - 1) // s + 1
    return (d + 2 * p - k) // s + 1


def _conv_reference(x, w, b, stride, pad, cover_all):
    n, c = x.shape[:2]
    o = w.shape[0]
    ksize = w.shape[2:]
    nd = len(ksize)
    outs = [_outsize(d, k, s, p, cover_all)
            for d, k, s, p in zip(x.shape[2:], ksize, stride, pad)]
    big = [max(d + 2 * p, (out - 1) * s + k) for d, p, s, k, out in
           zip(x.shape[2:], pad, stride, ksize, outs)]
    xp = numpy.zeros((n, c) + tuple(big), x.dtype)
    xp[(slice(None), slice(None)) + tuple(slice(p, p + d) for p, d in
                                          zip(pad, x.shape[2:]))] = x
    y = numpy.zeros((n, o) + tuple(outs), numpy.float64)
    for pos in itertools.product(*[range(out) for out in outs]):
        window = xp[(slice(None), slice(None)) + tuple(
            slice(i * s, i * s + k) for i, s, k in zip(pos, stride, ksize))]
        y[(slice(None), slice(None)) + pos] = numpy.tensordot(
            window, w, (tuple(range(1, nd + 2)), tuple(range(1, nd + 2))))
    if b is not None:
        y += b.reshape((1, -1) + (1,) * nd)
    return y


_CONV_CASES = [
    # x shape, w shape, stride, pad, cover_all
    ((2, 3, 5), (4, 3, 2), (1,), (0,), False),
    ((2, 3, 5, 4), (2, 3, 3, 2), (2, 1), (1, 0), False),
    ((1, 2, 5, 5), (3, 2, 2, 2), (2, 2), (0, 0), True),
    ((1, 1, 4, 3, 3), (2, 1, 2, 2, 2), (1, 1, 1), (1, 0, 1), False),
]


@pytest.mark.parametrize('x_shape,w_shape,stride,pad,cover_all', _CONV_CASES)
@pytest.mark.parametrize('with_bias', [False, True])
@pytest.mark.parametrize('dtype', chainerx.testing.float_dtypes)
def test_conv_forward(x_shape, w_shape, stride, pad, cover_all, with_bias, dtype):
    x = _uniform(x_shape, 1, dtype)
    w = _uniform(w_shape, 2, dtype)
    b = _uniform((w_shape[0],), 3, dtype) if with_bias else None
    y = chainerx.conv(chainerx.array(x), chainerx.array(w),
                      None if b is None else chainerx.array(b), stride, pad, cover_all)
    assert y.dtype == numpy.dtype(dtype)
    tol = 5e-2 if dtype == 'float16' else 1e-5
    chainerx.testing.assert_allclose(y, _conv_reference(x, w, b, stride, pad, cover_all),
                                     rtol=tol, atol=tol)


@pytest.mark.parametrize('x_shape,w_shape,stride,pad,cover_all', _CONV_CASES[:3])
def test_conv_backward(grad_check, x_shape, w_shape, stride, pad, cover_all):
    inputs = [_uniform(x_shape, 1), _uniform(w_shape, 2), _uniform((w_shape[0],), 3)]
    grad_check(lambda xs: chainerx.conv(xs[0], xs[1], xs[2], stride, pad, cover_all), inputs)
    grad_check(lambda xs: chainerx.conv(xs[0], xs[1], None, stride, pad, cover_all),
               inputs[:2])


def test_conv_float32_backward(grad_check):
    grad_check(lambda xs: chainerx.conv(xs[0], xs[1], xs[2], 1, 1),
               [_uniform((1, 2, 3, 3), 1, 'float32'), _uniform((2, 2, 2, 2), 2, 'float32'),
                _uniform((2,), 3, 'float32')])


@pytest.mark.parametrize('x_shape,w_shape,stride,pad', [
    ((2, 3, 3), (3, 2, 2), (2,), (0,)), ((1, 2, 3, 2), (2, 3, 3, 2), (2, 1), (1, 0)),
])
def test_conv_transpose_is_the_adjoint_of_conv(x_shape, w_shape, stride, pad):
    x = _uniform(x_shape, 1)
    w = _uniform(w_shape, 2)
    y = chainerx.conv_transpose(chainerx.array(x), chainerx.array(w), None, stride, pad)
    # <conv(z, w), x> == <z, conv_transpose(x, w)> for any z of the output shape
    z = _uniform(y.shape, 3)
    lhs = numpy.sum(_conv_reference(z, w, None, stride, pad, False) * x)
    rhs = numpy.sum(z * chainerx.to_numpy(y))
    assert abs(lhs - rhs) < 1e-10


def test_conv_transpose_outsize_bias_and_backward(grad_check):
    x = _uniform((1, 2, 3), 1)
    w = _uniform((2, 3, 2), 2)
    b = _uniform((3,), 3)
    y = chainerx.conv_transpose(chainerx.array(x), chainerx.array(w), chainerx.array(b), 2, 0,
                                (7,))
    assert y.shape == (1, 3, 7)
    y_default = chainerx.conv_transpose(chainerx.array(x), chainerx.array(w), None, 2, 0)
    assert y_default.shape == (1, 3, 6)
    grad_check(lambda xs: chainerx.conv_transpose(xs[0], xs[1], xs[2], 2, 0, (7,)), [x, w, b])
    grad_check(lambda xs: chainerx.conv_transpose(xs[0], xs[1], None, 1, 1),
               [_uniform((2, 2, 3, 3), 4), _uniform((2, 2, 2, 3), 5)])


@pytest.mark.parametrize('func', [
    lambda: chainerx.conv(chainerx.ones((1, 2, 3)), chainerx.ones((1, 3, 2))),
    lambda: chainerx.conv(chainerx.ones((1, 2, 3)), chainerx.ones((1, 2, 2, 2))),
    lambda: chainerx.conv(chainerx.ones((2, 3)), chainerx.ones((1, 2))),
    lambda: chainerx.conv(chainerx.ones((1, 2, 3)), chainerx.ones((1, 2, 5))),
    lambda: chainerx.conv(chainerx.ones((1, 2, 3)), chainerx.ones((4, 2, 2)),
                          chainerx.ones((3,))),
    lambda: chainerx.conv(chainerx.ones((1, 2, 3, 3)), chainerx.ones((4, 2, 2, 2)), None,
                          (1, 1, 1)),
    lambda: chainerx.conv_transpose(chainerx.ones((1, 2, 3)), chainerx.ones((3, 2, 2))),
    lambda: chainerx.conv_transpose(chainerx.ones((1, 2, 3)), chainerx.ones((2, 2, 2)), None,
                                    1, 0, (9,)),
])
def test_conv_errors(func):
    with pytest.raises(chainerx.DimensionError):
        func()


@pytest.mark.parametrize('x_shape,n_batch_axes', [((3, 4), 1), ((2, 3, 4), 2),
                                                  ((2, 2, 2), 1)])
@pytest.mark.parametrize('with_bias', [False, True])
def test_linear(grad_check, x_shape, n_batch_axes, with_bias):
    in_size = int(numpy.prod(x_shape[n_batch_axes:]))
    x = _uniform(x_shape, 1)
    w = _uniform((5, in_size), 2)
    b = _uniform((5,), 3)
    args = [chainerx.array(x), chainerx.array(w)] + ([chainerx.array(b)] if with_bias else [])
    y = chainerx.linear(*args, n_batch_axes=n_batch_axes) if with_bias else \
        chainerx.linear(args[0], args[1], None, n_batch_axes)
    expected = x.reshape(int(numpy.prod(x_shape[:n_batch_axes])), -1).dot(w.T)
    if with_bias:
        expected = expected + b
    expected = expected.reshape(x_shape[:n_batch_axes] + (5,))
    chainerx.testing.assert_allclose(y, expected, rtol=1e-10)
    inputs = [x, w, b] if with_bias else [x, w]
    grad_check(lambda xs: chainerx.linear(xs[0], xs[1], xs[2] if with_bias else None,
                                          n_batch_axes), inputs)


def test_linear_errors():
    with pytest.raises(chainerx.DimensionError):
        chainerx.linear(chainerx.ones((2, 3)), chainerx.ones((4, 2)))
    with pytest.raises(chainerx.DimensionError):
        chainerx.linear(chainerx.ones((2, 3)), chainerx.ones((4, 3)), chainerx.ones((3,)))
    with pytest.raises(chainerx.DimensionError):
        chainerx.linear(chainerx.ones((2, 3)), chainerx.ones((4, 3)), None, 0)
