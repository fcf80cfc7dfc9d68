"""Caching helpers (``chainer.utils.cache``)."""
import functools

from chainer import configuration


class cached_property:  # noqa: N801 - v7 name
    """Property computed once per instance and per ``chainer.config.enable_backprop`` value.

    A value built while backprop is disabled has no graph, so it must not be reused when
    backprop is enabled (and vice versa): the cache keeps one value for each mode.

    Example::

        class Dist:
            @cached_property
            def logit(self):
                return F.log(self.p) - F.log1p(-self.p)
    """

    def __init__(self, getter):
        functools.update_wrapper(self, getter)
        self.getter = getter
        self.cache_name = '_cached_' + getter.__name__

    def __get__(self, obj, objtype=None):
        if obj is None:
            return self
        cache = obj.__dict__.get(self.cache_name)
        if cache is None:
            cache = obj.__dict__[self.cache_name] = {}
        key = bool(configuration.config.enable_backprop)
        try:
            return cache[key]
        except KeyError:
            value = cache[key] = self.getter(obj)
            return value
