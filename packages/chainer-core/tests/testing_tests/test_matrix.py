"""chainer.testing.generate_matrix."""
import numpy
import pytest

from chainer import testing


@testing.fix_random()
def test_generate_matrix():
    a = testing.generate_matrix((2, 4, 3), numpy.float32, singular_values=[3., 2., 1.])
    assert a.shape == (2, 4, 3) and a.dtype == numpy.float32
    s = numpy.linalg.svd(a.astype(numpy.float64), compute_uv=False)
    testing.assert_allclose(s, numpy.broadcast_to([3., 2., 1.], (2, 3)), rtol=1e-5)
    c = testing.generate_matrix((3, 3), numpy.complex128, singular_values=2.)
    testing.assert_allclose(numpy.linalg.svd(c, compute_uv=False), [2., 2., 2.])
    assert testing.generate_matrix((0, 3), singular_values=1.).shape == (0, 3)


@pytest.mark.parametrize('args,kwargs,error', [
    (((3,),), {'singular_values': 1.}, ValueError),
    (((3, 3),), {}, TypeError),
    (((3, 3), numpy.int32), {'singular_values': 1.}, TypeError),
    (((3, 3),), {'singular_values': -1.}, ValueError),
    (((3, 3),), {'singular_values': 1j}, TypeError),
    (((3, 3),), {'singular_values': 1., 'foo': 1}, TypeError),
])
def test_generate_matrix_errors(args, kwargs, error):
    with pytest.raises(error):
        testing.generate_matrix(*args, **kwargs)
