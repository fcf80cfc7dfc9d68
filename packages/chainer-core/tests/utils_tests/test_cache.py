"""chainer.utils.cache."""
import chainer
from chainer.utils import cache


def test_cached_property_per_backprop_mode():
    calls = []

    class A:
        @cache.cached_property
        def value(self):
            """The value."""
            calls.append(chainer.config.enable_backprop)
            return object()

    a = A()
    v1 = a.value
    assert a.value is v1
    with chainer.no_backprop_mode():
        v2 = a.value
        assert a.value is v2
    assert v2 is not v1
    assert a.value is v1
    assert calls == [True, False]
    assert A().value is not v1
    assert isinstance(A.value, cache.cached_property)
    assert A.value.__doc__ == 'The value.'
