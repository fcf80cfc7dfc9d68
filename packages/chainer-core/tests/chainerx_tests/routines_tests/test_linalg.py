"""dot, matmul and chainerx.linalg against NumPy, with their gradients."""
import numpy
import pytest

import chainerx
import chainerx.linalg
import chainerx.testing


def _uniform(shape, seed=0, dtype='float64'):
    return numpy.random.RandomState(seed).uniform(-1, 1, shape).astype(dtype)


def _spd(n, seed=0):
    a = _uniform((n, n), seed)
    return a.dot(a.T) + n * numpy.eye(n)


_DOT_SHAPES = [((), (2, 3)), ((3,), (3,)), ((2, 3), (3,)), ((3,), (3, 4)), ((2, 3), (3, 4)),
               ((2, 2, 3), (3, 4)), ((2, 3), (2, 3, 4)), ((2, 2, 3), (2, 3, 4))]


@pytest.mark.parametrize('shapes', _DOT_SHAPES)
@pytest.mark.parametrize('dtype', ['int32', 'float16', 'float32', 'float64'])
@chainerx.testing.numpy_chainerx_allclose(rtol=1e-6, float16_rtol=1e-2, float16_atol=1e-2)
def test_dot(xp, shapes, dtype):
    a = xp.asarray(_uniform(shapes[0], 1).astype(dtype) if dtype[0] == 'f'
                   else numpy.arange(int(numpy.prod(shapes[0]))).reshape(shapes[0]).astype(
                       dtype))
    b = xp.asarray(_uniform(shapes[1], 2).astype(dtype) if dtype[0] == 'f'
                   else numpy.ones(shapes[1], dtype))
    return xp.dot(a, b)


@pytest.mark.parametrize('shapes', _DOT_SHAPES)
def test_dot_backward(grad_check, shapes):
    grad_check(lambda xs: chainerx.dot(xs[0], xs[1]), [_uniform(shapes[0], 1),
                                                        _uniform(shapes[1], 2)])


def test_dot_float32_backward(grad_check):
    grad_check(lambda xs: xs[0].dot(xs[1]), [_uniform((2, 3), 1, 'float32'),
                                             _uniform((3, 2), 2, 'float32')])


def test_dot_mismatch():
    with pytest.raises(chainerx.DimensionError):
        chainerx.dot(chainerx.ones((2, 3)), chainerx.ones((2, 3)))


@pytest.mark.parametrize('shapes', [((3,), (3,)), ((2, 3), (3, 4)), ((5, 2, 3), (3, 4)),
                                    ((2, 1, 2, 3), (3, 3, 2)), ((3,), (2, 3, 4))])
@chainerx.testing.numpy_chainerx_allclose(rtol=1e-6)
def test_matmul(xp, shapes):
    return xp.matmul(xp.asarray(_uniform(shapes[0], 1)), xp.asarray(_uniform(shapes[1], 2)))


def test_matmul_operator_and_backward(grad_check):
    a = chainerx.array(_uniform((2, 2, 3), 1))
    b = chainerx.array(_uniform((3, 2), 2))
    chainerx.testing.assert_allclose(a @ b, numpy.matmul(chainerx.to_numpy(a),
                                                         chainerx.to_numpy(b)))
    grad_check(lambda xs: chainerx.matmul(xs[0], xs[1]), [_uniform((2, 2, 3), 1),
                                                           _uniform((2, 3, 2), 2)])


@pytest.mark.parametrize('dtype', ['float32', 'float64'])
def test_inv_solve_forward(dtype):
    a = (_uniform((3, 3)) + 3 * numpy.eye(3)).astype(dtype)
    b = _uniform((3, 2), 1, dtype)
    rtol = 1e-5 if dtype == 'float32' else 1e-10
    chainerx.testing.assert_allclose(chainerx.linalg.inv(chainerx.array(a)),
                                     numpy.linalg.inv(a), rtol=rtol)
    chainerx.testing.assert_allclose(chainerx.linalg.solve(chainerx.array(a),
                                                           chainerx.array(b)),
                                     numpy.linalg.solve(a, b), rtol=rtol, atol=rtol)


def test_inv_solve_backward(grad_check):
    a = _uniform((3, 3)) + 3 * numpy.eye(3)
    grad_check(lambda xs: chainerx.linalg.inv(xs[0]), [a])
    grad_check(lambda xs: chainerx.linalg.solve(xs[0], xs[1]), [a, _uniform((3, 2), 1)])
    grad_check(lambda xs: chainerx.linalg.solve(xs[0], xs[1]), [a, _uniform((3,), 1)])


def test_singular_matrix_raises():
    with pytest.raises(chainerx.ChainerxError):
        chainerx.linalg.inv(chainerx.zeros((2, 2), 'float64'))


@pytest.mark.parametrize('func', ['inv', 'cholesky', 'eigh', 'eigvalsh', 'qr', 'svd', 'pinv'])
def test_linalg_argument_errors(func):
    with pytest.raises(chainerx.DtypeError):
        getattr(chainerx.linalg, func)(chainerx.ones((2, 2), 'int32'))
    with pytest.raises(chainerx.DtypeError):
        getattr(chainerx.linalg, func)(chainerx.ones((2, 2), 'float16'))
    with pytest.raises(chainerx.DimensionError):
        getattr(chainerx.linalg, func)(chainerx.ones((2,), 'float32'))


def test_cholesky():
    a = _spd(3)
    chainerx.testing.assert_allclose(chainerx.linalg.cholesky(chainerx.array(a)),
                                     numpy.linalg.cholesky(a), rtol=1e-10)


def test_cholesky_backward(grad_check):
    # only the lower triangle is read: the gradient is checked for every entry
    grad_check(lambda xs: chainerx.linalg.cholesky(xs[0]), [_spd(3)])
    grad_check(lambda xs: chainerx.linalg.cholesky(
        chainerx.dot(xs[0], xs[0].T) + chainerx.eye(3, dtype='float64')), [_uniform((3, 3))])


@pytest.mark.parametrize('uplo', ['L', 'U'])
def test_eigh(uplo):
    a = _uniform((3, 3))
    w, v = chainerx.linalg.eigh(chainerx.array(a), uplo)
    nw, nv = numpy.linalg.eigh(a, uplo)
    chainerx.testing.assert_allclose(w, nw, rtol=1e-10)
    chainerx.testing.assert_allclose(numpy.abs(chainerx.to_numpy(v)), numpy.abs(nv),
                                     rtol=1e-8)
    chainerx.testing.assert_allclose(chainerx.linalg.eigvalsh(chainerx.array(a), uplo), nw,
                                     rtol=1e-10)


@pytest.mark.parametrize('uplo', ['L', 'U'])
def test_eigh_backward(grad_check, uplo):
    a = _uniform((3, 3))

    def func(xs):
        w, v = chainerx.linalg.eigh(xs[0], uplo)
        # eigenvectors are defined up to their sign: fix it for the numerical check
        signs = chainerx.array(numpy.sign(chainerx.to_numpy(v)[0]))
        return w, v * signs

    grad_check(func, [a])
    grad_check(lambda xs: chainerx.linalg.eigvalsh(xs[0], uplo), [a])


def test_qr():
    a = _uniform((4, 3))
    q, r = chainerx.linalg.qr(chainerx.array(a))
    chainerx.testing.assert_allclose(chainerx.dot(q, r), a, rtol=1e-10, atol=1e-12)
    assert chainerx.linalg.qr(chainerx.array(a), 'r').shape == (3, 3)
    q, r = chainerx.linalg.qr(chainerx.array(a), 'complete')
    assert q.shape == (4, 4)
    with pytest.raises(ValueError):
        chainerx.linalg.qr(chainerx.array(a), 'bad')


def test_qr_backward(grad_check):
    grad_check(lambda xs: chainerx.linalg.qr(xs[0]), [_uniform((4, 3))])
    grad_check(lambda xs: chainerx.linalg.qr(xs[0]), [_uniform((3, 3), 1)])


@pytest.mark.parametrize('shape', [(4, 3), (3, 4), (3, 3)])
def test_svd(shape):
    a = _uniform(shape)
    u, s, vt = chainerx.linalg.svd(chainerx.array(a), full_matrices=False)
    chainerx.testing.assert_allclose(chainerx.dot(u * s, vt), a, rtol=1e-10, atol=1e-12)
    chainerx.testing.assert_allclose(chainerx.linalg.svd(chainerx.array(a), compute_uv=False),
                                     numpy.linalg.svd(a, compute_uv=False), rtol=1e-10)
    u, s, vt = chainerx.linalg.svd(chainerx.array(a))
    assert u.shape == (shape[0], shape[0]) and vt.shape == (shape[1], shape[1])


@pytest.mark.parametrize('shape', [(4, 3), (3, 4), (3, 3)])
def test_svd_backward(grad_check, shape):
    def func(xs):
        u, s, vt = chainerx.linalg.svd(xs[0], full_matrices=False)
        # singular vectors are defined up to a common sign: fix it by the first row of u
        signs = chainerx.array(numpy.sign(chainerx.to_numpy(u)[0]))
        return u * signs, s, vt * signs.reshape(-1, 1)

    grad_check(func, [_uniform(shape)], atol=1e-4)
    grad_check(lambda xs: chainerx.linalg.svd(xs[0], compute_uv=False), [_uniform(shape)])


@pytest.mark.parametrize('shape', [(4, 3), (3, 4)])
def test_pinv(grad_check, shape):
    a = _uniform(shape)
    chainerx.testing.assert_allclose(chainerx.linalg.pinv(chainerx.array(a)),
                                     numpy.linalg.pinv(a), rtol=1e-8, atol=1e-10)
    grad_check(lambda xs: chainerx.linalg.pinv(xs[0]), [a], atol=1e-4)
