"""chainerx.math.misc: clip."""
import numpy
import pytest

import chainerx
import chainerx.testing


@pytest.mark.parametrize('bounds', [(-0.5, 0.5), (None, 0.2), (0, None), (1, 2)])
@chainerx.testing.numpy_chainerx_array_equal()
def test_clip(xp, bounds):
    a = xp.asarray(numpy.linspace(-1, 1, 7).astype(numpy.float32))
    return xp.clip(a, *bounds)


def test_clip_method_backward_and_errors():
    a = chainerx.array([-1., 0.25, 2.]).require_grad()
    a.clip(0, 1).sum().backward()
    chainerx.testing.assert_array_equal(a.grad, [0, 1, 0])
    with pytest.raises(ValueError):
        chainerx.clip(a, None, None)
