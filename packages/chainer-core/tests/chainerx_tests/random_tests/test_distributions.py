"""chainerx.random sampling."""
import numpy

import chainerx
import chainerx.testing


def test_normal_and_uniform():
    numpy.random.seed(0)
    a = chainerx.random.normal(1.0, 2.0, (3, 4))
    numpy.random.seed(0)
    expected = numpy.random.normal(1.0, 2.0, (3, 4))
    assert isinstance(a, chainerx.ndarray)
    chainerx.testing.assert_array_equal(a, expected)
    u = chainerx.random.uniform(-1, 1, size=(5,), device='native:1')
    assert u.device.name == 'native:1' and u.shape == (5,)
    assert float(chainerx.amax(u)) < 1 and float(chainerx.amin(u)) >= -1
