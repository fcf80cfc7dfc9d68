import numpy
import pytest

from chainer import initializers


def _bilinear_1d(ksize):
    # Reference: tent weights of bilinear interpolation for upsampling by ceil(ksize / 2).
    factor = (ksize + 1) // 2
    center = factor - 1 if ksize % 2 == 1 else factor - 0.5
    return numpy.array([1 - abs(i - center) / factor for i in range(ksize)])


def test_1d_reference_values():
    numpy.testing.assert_allclose(_bilinear_1d(4), [0.25, 0.75, 0.75, 0.25])
    numpy.testing.assert_allclose(_bilinear_1d(3), [0.5, 1., 0.5])


@pytest.mark.parametrize('ksize', [2, 3, 4, 5])
@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64])
def test_upsampling_2d(ksize, dtype):
    w = numpy.empty((3, 3, ksize, ksize), dtype)
    initializers.UpsamplingDeconvFilter()(w)
    f = numpy.outer(_bilinear_1d(ksize), _bilinear_1d(ksize))
    for i in range(3):
        for j in range(3):
            expected = f if i == j else numpy.zeros_like(f)
            numpy.testing.assert_allclose(w[i, j], expected, rtol=1e-3)


def test_upsampling_single_output_channel():
    w = numpy.empty((2, 1, 4, 4), numpy.float32)
    initializers.UpsamplingDeconvFilter()(w)
    f = numpy.outer(_bilinear_1d(4), _bilinear_1d(4))
    numpy.testing.assert_allclose(w[0, 0], f)
    numpy.testing.assert_allclose(w[1, 0], f)


def test_upsampling_3d():
    w = numpy.empty((2, 2, 3, 3, 3), numpy.float64)
    initializers.UpsamplingDeconvFilter()(w)
    b = _bilinear_1d(3)
    f = b[:, None, None] * b[None, :, None] * b[None, None, :]
    numpy.testing.assert_allclose(w[1, 1], f)
    numpy.testing.assert_array_equal(w[0, 1], 0)


@pytest.mark.parametrize('ksize', [3, 4])
def test_downsampling_2d(ksize):
    w = numpy.empty((3, 3, ksize, ksize), numpy.float32)
    initializers.DownsamplingConvFilter()(w)
    f = numpy.outer(_bilinear_1d(ksize), _bilinear_1d(ksize))
    f /= f.sum()
    for i in range(3):
        numpy.testing.assert_allclose(w[i, i], f, rtol=1e-6)
        assert abs(w[i, i].sum() - 1) < 1e-6
    numpy.testing.assert_array_equal(w[0, 1], 0)


def test_downsampling_single_input_channel():
    w = numpy.empty((2, 1, 4, 4), numpy.float64)
    initializers.DownsamplingConvFilter()(w)
    numpy.testing.assert_allclose(w.sum(axis=(2, 3)), [[1.], [1.]])


def test_invalid_arguments():
    with pytest.raises(ValueError):
        initializers.UpsamplingDeconvFilter(interpolation='nearest')
    with pytest.raises(ValueError):
        initializers.DownsamplingConvFilter(interpolation='cubic')
    with pytest.raises(ValueError):   # unequal kernel sizes
        initializers.UpsamplingDeconvFilter()(numpy.empty((2, 2, 3, 4), numpy.float32))
    with pytest.raises(ValueError):   # channel mismatch
        initializers.UpsamplingDeconvFilter()(numpy.empty((2, 3, 3, 3), numpy.float32))
    with pytest.raises(ValueError):
        initializers.DownsamplingConvFilter()(numpy.empty((2, 3, 3, 3), numpy.float32))


@pytest.mark.parametrize('cls', [
    initializers.UpsamplingDeconvFilter, initializers.DownsamplingConvFilter])
def test_errors_as_v7(cls):
    # v7 takes no ``scale`` (so a second positional argument is the dtype), fails an
    # assertion on mismatched channels and a TypeError on a 2-d array
    with pytest.raises(TypeError):
        cls(scale=2)
    assert cls('linear', numpy.float64).dtype == numpy.float64
    with pytest.raises(AssertionError):
        cls()(numpy.empty((1, 2, 4, 4), numpy.float32))
    with pytest.raises(TypeError):
        cls()(numpy.empty((2, 2), numpy.float32))
    with pytest.raises(ValueError):
        cls()(numpy.empty((2,), numpy.float32))
