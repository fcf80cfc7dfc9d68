"""chainer.types: the typing aliases and protocols of v7."""
from chainer import initializers
from chainer import types


def test_abstract_initializer_protocol():
    assert isinstance(initializers.Constant(1.), types.AbstractInitializer)
    assert isinstance(initializers.Normal(), types.AbstractInitializer)
    assert not isinstance(3, types.AbstractInitializer)
    assert types.Shape.__origin__ is tuple
