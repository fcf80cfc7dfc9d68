"""chainer.utils.meta: final methods, with v7's messages."""
import pytest

from chainer.utils import meta


def test_final():
    base = meta.enable_final()

    class A(base):
        @meta.final
        def f(self):
            return 1

        @meta.final(action=DeprecationWarning)
        def g(self):
            return 2

        def h(self):
            return 3

    with pytest.raises(TypeError, match="method 'f' is final."):
        class B(A):
            def f(self):
                return 0

    with pytest.warns(DeprecationWarning, match="Overriding method 'g'."):
        class C(A):
            def g(self):
                return 0

    class D(A):
        def h(self):
            return 0

    assert D().f() == 1 and D().h() == 0
    with pytest.raises(TypeError):
        meta.final(action=TypeError, unknown=1)


def test_enable_final_with_bases():
    class Meta(type):
        pass

    class Mixin:
        def mixed(self):
            return 'm'

    base = meta.enable_final(Mixin, Meta)
    assert issubclass(base, Mixin) and isinstance(base, Meta)

    class A(base):
        @meta.final
        def f(self):
            pass

    assert A().mixed() == 'm'
    with pytest.raises(TypeError):
        class B(A):
            f = None
