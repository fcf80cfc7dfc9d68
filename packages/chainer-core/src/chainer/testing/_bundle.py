"""Building class decorators that bundle generated test cases: :func:`make_decorator`."""
import sys


def _generate_case(base, module, cls_name, members, method_generator):
    attrs = dict(members)
    attrs['__module__'] = base.__module__
    attrs.setdefault('__test__', True)
    cls = type(cls_name, (base,), attrs)
    if method_generator is not None:
        for name in dir(base):
            if not name.startswith('test'):
                continue
            method = getattr(base, name)
            if callable(method):
                setattr(cls, name, method_generator(method))
    setattr(module, cls_name, cls)
    return cls


def make_decorator(test_case_generator):
    """Returns a class decorator that replaces a test class by generated variants.

    Args:
        test_case_generator: Callable receiving the decorated class and returning an iterable
            of ``(class_name, members, method_generator)``: each generated class derives from
            the decorated one, gets ``members`` as class attributes, and has each ``test*``
            method replaced by ``method_generator(method)`` (unless it is None). The generated
            classes are added to the module of the decorated class, which is no longer
            collected itself (``__test__ = False``).
    """
    def decorator(cls):
        module = sys.modules[cls.__module__]
        for cls_name, members, method_generator in test_case_generator(cls):
            _generate_case(cls, module, cls_name, members, method_generator)
        cls.__test__ = False
        return cls
    return decorator
