"""chainerx.manipulation.shape: ravel."""
import numpy

import chainerx
import chainerx.testing
from chainerx.manipulation import shape


@chainerx.testing.numpy_chainerx_array_equal()
def test_ravel(xp):
    a = xp.asarray(numpy.arange(6, dtype=numpy.float32).reshape(2, 3))
    return xp.ravel(a.T)


def test_module_function():
    assert shape.ravel is chainerx.ravel
