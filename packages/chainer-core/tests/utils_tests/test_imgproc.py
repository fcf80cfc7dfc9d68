import numpy

from chainer.utils import imgproc


def test_oversample():
    images = [numpy.arange(3 * 5 * 6, dtype=numpy.float32).reshape(3, 5, 6) + i * 1000
              for i in range(2)]
    crops = imgproc.oversample(images, (3, 4))
    assert crops.shape == (20, 3, 3, 4)
    assert crops.dtype == numpy.float32
    for i, img in enumerate(images):
        c = crops[10 * i:10 * (i + 1)]
        numpy.testing.assert_array_equal(c[0], img[:, 0:3, 0:4])
        numpy.testing.assert_array_equal(c[1], img[:, 0:3, 2:6])
        numpy.testing.assert_array_equal(c[2], img[:, 2:5, 0:4])
        numpy.testing.assert_array_equal(c[3], img[:, 2:5, 2:6])
        numpy.testing.assert_array_equal(c[4], img[:, 1:4, 1:5])
        numpy.testing.assert_array_equal(c[5:], c[:5, :, :, ::-1])
