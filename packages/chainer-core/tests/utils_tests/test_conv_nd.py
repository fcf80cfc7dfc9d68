import itertools

import numpy
import pytest

from chainer.backends import cuda
from chainer import testing
from chainer.utils import conv
from chainer.utils import conv_nd


def _naive_im2col_nd(img, ksize, stride, pad, pval, outs, dilate):
    n, c = img.shape[:2]
    dims = img.shape[2:]
    col = numpy.empty((n, c) + tuple(ksize) + tuple(outs), img.dtype)
    for ks in itertools.product(*[range(k) for k in ksize]):
        for os_ in itertools.product(*[range(o) for o in outs]):
            pos = [o * s - p + k * d for o, s, p, k, d in zip(os_, stride, pad, ks, dilate)]
            index = (slice(None), slice(None)) + ks + os_
            if all(0 <= q < d for q, d in zip(pos, dims)):
                col[index] = img[(slice(None), slice(None)) + tuple(pos)]
            else:
                col[index] = pval
    return col


def test_as_tuple():
    assert conv_nd.as_tuple(2, 3) == (2, 2, 2)
    assert conv_nd.as_tuple([1, 2], 2) == (1, 2)
    with pytest.raises(AssertionError):
        conv_nd.as_tuple((1, 2), 3)


@pytest.mark.parametrize('ndim', [1, 2, 3])
@pytest.mark.parametrize('cover_all', [False, True])
@pytest.mark.parametrize('dilate', [1, 2])
def test_im2col_col2im_nd_cpu(ndim, cover_all, dilate):
    rs = numpy.random.RandomState(ndim)
    dims = (5, 4, 3)[:ndim]
    ksize = (2, 3, 1)[:ndim]
    stride = (2, 1, 2)[:ndim]
    pad = (1, 0, 1)[:ndim]
    dil = conv_nd.as_tuple(dilate, ndim)
    img = rs.randn(2, 2, *dims).astype(numpy.float32)
    outs = tuple(conv.get_conv_outsize(d, k, s, p, cover_all, di)
                 for d, k, s, p, di in zip(dims, ksize, stride, pad, dil))
    if min(outs) <= 0:
        with pytest.raises(AssertionError):
            conv_nd.im2col_nd_cpu(img, ksize, stride, pad, cover_all=cover_all, dilate=dilate)
        return
    col = conv_nd.im2col_nd_cpu(img, ksize, stride, pad, pval=-3, cover_all=cover_all,
                                dilate=dilate)
    numpy.testing.assert_array_equal(
        col, _naive_im2col_nd(img, ksize, stride, pad, -3, outs, dil))
    numpy.testing.assert_array_equal(
        conv_nd.im2col_nd(img, ksize, stride, pad, cover_all=cover_all, dilate=dilate,
                          pval=-3), col)
    # col2im_nd is the adjoint of im2col_nd (with zero padding)
    col0 = conv_nd.im2col_nd_cpu(img, ksize, stride, pad, cover_all=cover_all, dilate=dilate)
    gcol = rs.randn(*col0.shape).astype(numpy.float32)
    back = conv_nd.col2im_nd_cpu(gcol, stride, pad, dims, dilate=dilate)
    assert back.shape == img.shape
    numpy.testing.assert_allclose((col0 * gcol).sum(), (img * back).sum(), rtol=1e-4)
    numpy.testing.assert_array_equal(conv_nd.col2im_nd(gcol, stride, pad, dims, dilate), back)


def test_nd_matches_2d():
    rs = numpy.random.RandomState(0)
    img = rs.randn(1, 2, 5, 6)
    col2 = conv.im2col_cpu(img, 3, 2, 2, 1, 1, 0, cover_all=True, dy=2)
    coln = conv_nd.im2col_nd_cpu(img, (3, 2), (2, 1), (1, 0), cover_all=True, dilate=(2, 1))
    numpy.testing.assert_array_equal(col2, coln)
    g = rs.randn(*col2.shape)
    numpy.testing.assert_allclose(conv.col2im_cpu(g, 2, 1, 1, 0, 5, 6, dy=2),
                                  conv_nd.col2im_nd_cpu(g, (2, 1), (1, 0), (5, 6), (2, 1)))


@testing.attr.gpu
def test_im2col_col2im_nd_gpu():
    rs = numpy.random.RandomState(0)
    img = rs.randn(2, 2, 4, 5, 3).astype(numpy.float32)
    args = ((2, 3, 2), (1, 2, 1), (1, 0, 1))
    col = conv_nd.im2col_nd_cpu(img, *args, cover_all=True)
    gcol = conv_nd.im2col_nd(cuda.to_gpu(img), *args, cover_all=True)
    numpy.testing.assert_array_equal(cuda.to_cpu(gcol), col)
    g = rs.randn(*col.shape).astype(numpy.float32)
    back = conv_nd.col2im_nd_cpu(g, args[1], args[2], (4, 5, 3))
    gback = conv_nd.col2im_nd(cuda.to_gpu(g), args[1], args[2], (4, 5, 3))
    numpy.testing.assert_allclose(cuda.to_cpu(gback), back, atol=1e-5, rtol=1e-5)
