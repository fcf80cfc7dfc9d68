import itertools

import numpy
import pytest

from chainer.backends import cuda
from chainer import testing
from chainer.utils import conv
import chainer.utils


def _naive_im2col(img, kh, kw, sy, sx, ph, pw, pval, out_h, out_w, dy, dx):
    n, c, h, w = img.shape
    col = numpy.empty((n, c, kh, kw, out_h, out_w), img.dtype)
    for j, i, y, x in itertools.product(range(kh), range(kw), range(out_h), range(out_w)):
        iy = y * sy - ph + j * dy
        ix = x * sx - pw + i * dx
        if 0 <= iy < h and 0 <= ix < w:
            col[:, :, j, i, y, x] = img[:, :, iy, ix]
        else:
            col[:, :, j, i, y, x] = pval
    return col


def _naive_col2im(col, sy, sx, ph, pw, h, w, dy, dx):
    n, c, kh, kw, out_h, out_w = col.shape
    img = numpy.zeros((n, c, h, w), col.dtype)
    for j, i, y, x in itertools.product(range(kh), range(kw), range(out_h), range(out_w)):
        iy = y * sy - ph + j * dy
        ix = x * sx - pw + i * dx
        if 0 <= iy < h and 0 <= ix < w:
            img[:, :, iy, ix] += col[:, :, j, i, y, x]
    return img


@pytest.mark.parametrize('size,k,s,p,cover_all,d,expected', [
    (5, 3, 1, 0, False, 1, 3),
    (5, 3, 1, 1, False, 1, 5),
    (6, 3, 2, 0, False, 1, 2),
    (6, 3, 2, 0, True, 1, 3),
    (7, 3, 1, 0, False, 2, 3),
    (7, 2, 3, 1, True, 2, 3),
])
def test_get_conv_outsize(size, k, s, p, cover_all, d, expected):
    assert conv.get_conv_outsize(size, k, s, p, cover_all, d) == expected
    assert chainer.utils.get_conv_outsize(size, k, s, p, cover_all=cover_all, d=d) == expected


@pytest.mark.parametrize('size,k,s,p,cover_all,d', [
    (3, 3, 1, 0, False, 1), (5, 3, 1, 1, False, 1), (2, 3, 2, 0, False, 1),
    (3, 3, 2, 0, True, 1), (3, 3, 1, 0, False, 2), (4, 2, 3, 1, True, 1),
])
def test_get_deconv_outsize(size, k, s, p, cover_all, d):
    out = conv.get_deconv_outsize(size, k, s, p, cover_all, d)
    dk = (k - 1) * d + 1
    expected = s * (size - 1) + dk - 2 * p - (s - 1 if cover_all else 0)
    assert out == expected
    assert chainer.utils.get_deconv_outsize is conv.get_deconv_outsize
    if not cover_all:
        assert conv.get_conv_outsize(out, k, s, p, False, d) == size


_params = testing.product({
    'kh,kw': [(1, 1), (2, 3)],
    'sy,sx': [(1, 1), (2, 3)],
    'ph,pw': [(0, 0), (1, 2)],
    'dy,dx': [(1, 1), (2, 1)],
    'cover_all': [False, True],
})


@pytest.mark.parametrize('params', _params)
@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64])
def test_im2col_cpu_matches_naive(params, dtype):
    kh, kw = params['kh'], params['kw']
    sy, sx = params['sy'], params['sx']
    ph, pw = params['ph'], params['pw']
    dy, dx = params['dy'], params['dx']
    cover_all = params['cover_all']
    h, w = 6, 5
    img = numpy.random.RandomState(0).uniform(-1, 1, (2, 3, h, w)).astype(dtype)
    out_h = conv.get_conv_outsize(h, kh, sy, ph, cover_all, dy)
    out_w = conv.get_conv_outsize(w, kw, sx, pw, cover_all, dx)
    col = conv.im2col_cpu(img, kh, kw, sy, sx, ph, pw, pval=-5, cover_all=cover_all,
                          dy=dy, dx=dx)
    expected = _naive_im2col(img, kh, kw, sy, sx, ph, pw, -5, out_h, out_w, dy, dx)
    assert col.shape == (2, 3, kh, kw, out_h, out_w)
    assert col.dtype == dtype
    assert col.flags.c_contiguous and col.flags.writeable
    numpy.testing.assert_array_equal(col, expected)
    numpy.testing.assert_array_equal(
        conv.im2col(img, kh, kw, sy, sx, ph, pw, pval=-5, cover_all=cover_all, dy=dy, dx=dx),
        expected)

    gcol = numpy.random.RandomState(1).uniform(-1, 1, col.shape).astype(dtype)
    img2 = conv.col2im_cpu(gcol, sy, sx, ph, pw, h, w, dy, dx)
    expected_img = _naive_col2im(gcol.astype(numpy.float64), sy, sx, ph, pw, h, w, dy, dx)
    assert img2.shape == img.shape and img2.dtype == dtype
    tol = 1e-2 if dtype == numpy.float16 else 1e-6
    numpy.testing.assert_allclose(img2, expected_img, atol=tol, rtol=tol)
    numpy.testing.assert_allclose(conv.col2im(gcol, sy, sx, ph, pw, h, w, dy, dx),
                                  expected_img, atol=tol, rtol=tol)


def test_col2im_is_adjoint_of_im2col():
    rs = numpy.random.RandomState(2)
    img = rs.randn(2, 2, 5, 6)
    col = conv.im2col_cpu(img, 3, 2, 2, 1, 1, 1, dy=2)
    gcol = rs.randn(*col.shape)
    back = conv.col2im_cpu(gcol, 2, 1, 1, 1, 5, 6, dy=2)
    numpy.testing.assert_allclose((col * gcol).sum(), (img * back).sum())


def test_im2col_explicit_out_size():
    img = numpy.arange(2 * 1 * 4 * 4, dtype=numpy.float32).reshape(2, 1, 4, 4)
    col = conv.im2col_cpu(img, 2, 2, 2, 2, 0, 0, out_h=3, out_w=1)
    expected = _naive_im2col(img, 2, 2, 2, 2, 0, 0, 0, 3, 1, 1, 1)
    numpy.testing.assert_array_equal(col, expected)


def test_im2col_does_not_alias_input():
    img = numpy.zeros((1, 1, 3, 3), numpy.float32)
    col = conv.im2col_cpu(img, 2, 2, 1, 1, 0, 0)
    col[...] = 1
    assert (img == 0).all()


def test_im2col_empty_batch():
    img = numpy.zeros((0, 2, 4, 4), numpy.float32)
    assert conv.im2col_cpu(img, 3, 3, 1, 1, 1, 1).shape == (0, 2, 3, 3, 4, 4)
    assert conv.col2im_cpu(numpy.zeros((0, 2, 3, 3, 4, 4), 'f'), 1, 1, 1, 1, 4, 4).shape == (
        0, 2, 4, 4)


def test_im2col_nonpositive_output():
    img = numpy.zeros((1, 1, 2, 2), numpy.float32)
    with pytest.raises(AssertionError, match='Height'):
        conv.im2col_cpu(img, 3, 1, 1, 1, 0, 0)
    with pytest.raises(AssertionError, match='Width'):
        conv.im2col_cpu(img, 1, 3, 1, 1, 0, 0)


@testing.attr.gpu
@pytest.mark.parametrize('cover_all', [False, True])
def test_im2col_col2im_gpu(cover_all):
    rs = numpy.random.RandomState(3)
    img = rs.randn(2, 3, 6, 5).astype(numpy.float32)
    args = (3, 2, 2, 1, 1, 2)
    col = conv.im2col_cpu(img, *args, pval=-1, cover_all=cover_all, dy=1, dx=2)
    gcol = conv.im2col(cuda.to_gpu(img), *args, pval=-1, cover_all=cover_all, dy=1, dx=2)
    numpy.testing.assert_array_equal(cuda.to_cpu(gcol), col)
    grad = rs.randn(*col.shape).astype(numpy.float32)
    img_cpu = conv.col2im_cpu(grad, 2, 1, 1, 2, 6, 5, 1, 2)
    img_gpu = conv.col2im(cuda.to_gpu(grad), 2, 1, 1, 2, 6, 5, 1, 2)
    numpy.testing.assert_allclose(cuda.to_cpu(img_gpu), img_cpu, atol=1e-5, rtol=1e-5)


@pytest.mark.parametrize('params', [
    # kh, kw, sy, sx, ph, pw, dy, dx, cover_all
    (3, 3, 1, 1, 1, 1, 1, 1, False),
    (3, 2, 2, 1, 0, 1, 2, 1, True),
    (2, 2, 2, 2, 0, 0, 1, 1, False),
])
def test_gemm_layout_patches_and_their_adjoint(params):
    # the private GEMM-layout helpers (one strided view; channel-first scatter) agree with
    # im2col_cpu / col2im_cpu
    kh, kw, sy, sx, ph, pw, dy, dx, cover_all = params
    rs = numpy.random.RandomState(3)
    img = rs.randn(2, 3, 6, 5).astype(numpy.float32)
    col = conv.im2col_cpu(img, kh, kw, sy, sx, ph, pw, cover_all=cover_all, dy=dy, dx=dx)
    outs = col.shape[4:]
    view = conv._patches_view(numpy, img, (kh, kw), (sy, sx), (ph, pw), 0, (dy, dx), outs)
    assert not view.flags.writeable
    numpy.testing.assert_array_equal(view, col)
    gcol = rs.randn(*col.shape).astype(numpy.float32)
    expected = conv.col2im_cpu(gcol, sy, sx, ph, pw, 6, 5, dy, dx)
    got = conv._scatter_patches_gemm(
        numpy, numpy.ascontiguousarray(gcol.transpose(1, 2, 3, 0, 4, 5)), (sy, sx), (ph, pw),
        (6, 5), (dy, dx))
    assert got.flags.c_contiguous
    numpy.testing.assert_allclose(got, expected, rtol=1e-5, atol=1e-5)
