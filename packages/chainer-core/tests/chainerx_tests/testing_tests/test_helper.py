"""chainerx.testing decorators comparing NumPy and ChainerX runs."""
import _pytest.outcomes
import numpy
import pytest

import chainerx
import chainerx.testing


def test_array_equal_passes_and_hides_the_module_argument():
    calls = []

    @chainerx.testing.numpy_chainerx_array_equal()
    def check(xp, value):
        calls.append(xp)
        return xp.full((2,), value, 'float32') if xp is chainerx else \
            numpy.full((2,), value, numpy.float32)

    check(value=3)
    assert calls == [chainerx, numpy]
    import inspect
    assert list(inspect.signature(check).parameters) == ['value']


def test_array_equal_detects_mismatch():
    @chainerx.testing.numpy_chainerx_array_equal()
    def check(xp):
        return xp.asarray(numpy.array([1, 2 if xp is numpy else 3]))

    with pytest.raises(AssertionError):
        check()


def test_allclose_tolerances():
    @chainerx.testing.numpy_chainerx_allclose(rtol=1e-2)
    def close(xp):
        return xp.asarray(numpy.array([1.0 if xp is numpy else 1.001]))

    close()

    @chainerx.testing.numpy_chainerx_allclose(rtol=1e-6)
    def far(xp):
        return xp.asarray(numpy.array([1.0 if xp is numpy else 1.001]))

    with pytest.raises(AssertionError):
        far()


def test_tuples_scalars_and_ignore():
    @chainerx.testing.numpy_chainerx_array_equal()
    def tuples(xp):
        a = xp.asarray(numpy.array([1., 2.]))
        return a, a.sum()

    tuples()

    @chainerx.testing.numpy_chainerx_array_equal()
    def ignored(xp):
        return chainerx.testing.ignore()

    ignored()

    @chainerx.testing.numpy_chainerx_array_equal()
    def wrong_type(xp):
        return [1, 2]

    with pytest.raises(_pytest.outcomes.Failed):
        wrong_type()


def test_errors_must_be_accepted_by_both():
    @chainerx.testing.numpy_chainerx_array_equal(accept_error=(ValueError,
                                                               chainerx.DimensionError))
    def both_raise(xp):
        return xp.reshape(xp.asarray(numpy.ones(3)), (2,))

    both_raise()

    @chainerx.testing.numpy_chainerx_array_equal()
    def not_accepted(xp):
        return xp.reshape(xp.asarray(numpy.ones(3)), (2,))

    with pytest.raises(_pytest.outcomes.Failed):
        not_accepted()

    @chainerx.testing.numpy_chainerx_array_equal(accept_error=ValueError)
    def only_numpy(xp):
        if xp is numpy:
            raise ValueError()
        return chainerx.ones(1)

    with pytest.raises(_pytest.outcomes.Failed):
        only_numpy()
