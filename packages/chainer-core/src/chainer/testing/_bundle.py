"""Class decorators that replace a test class by generated variants: :func:`make_decorator`.

A decorated class is replaced by a :class:`_ParameterizedTestCaseBundle` (not a class, so
test runners do not collect it) that lists the generated classes; the generated classes are
put in the module of the decorated class. Decorators built here stack: applied to a bundle,
each one expands every class of the bundle and removes the expanded ones from the module.
"""
import collections
import sys

_TestCaseTuple = collections.namedtuple(
    '_TestCaseTuple', ('klass', 'module_name', 'class_name'))


class _ParameterizedTestCaseBundle:
    """What a generating decorator returns: the generated test classes, in ``cases``."""

    def __init__(self, cases):
        self.cases = cases

    def __repr__(self):
        return '<test case bundle of {} classes>'.format(len(self.cases))


def _module_namespace(module_name):
    module = sys.modules.get(module_name)
    if module is not None:
        return vars(module)
    # A module being imported by a runner that has not registered it (yet): the namespace
    # is the one of the frame defining the class.
    frame = sys._getframe(1)
    while frame is not None:
        if frame.f_globals.get('__name__') == module_name:
            return frame.f_globals
        frame = frame.f_back
    raise RuntimeError('cannot find the module {!r} of the test class'.format(module_name))


def _test_method_names(klass):
    return [name for name in dir(klass)
            if name.startswith('test') and callable(getattr(klass, name, None))]


_templates = set()


def template(klass):
    """Class decorator for test templates: not collected themselves, their variants are."""
    klass.__test__ = False
    _templates.add(klass)
    return klass


def _is_collectable(klass):
    # A class of the user's that sets ``__test__`` decides for its variants.
    for base in klass.__mro__:
        if '__test__' in vars(base):
            return base in _templates or bool(vars(base)['__test__'])
    return True


def _generate_case(case, namespace, class_name, members, method_generator):
    base = case.klass
    attrs = dict(members)
    attrs['__module__'] = case.module_name
    attrs['__qualname__'] = class_name
    if _is_collectable(base):
        attrs['__test__'] = True
    klass = type(class_name, (base,), attrs)
    if method_generator is not None:
        for name in _test_method_names(base):
            if name not in members:
                setattr(klass, name, method_generator(getattr(base, name)))
    namespace[class_name] = klass
    return _TestCaseTuple(klass, case.module_name, class_name)


def make_decorator(test_case_generator):
    """Returns a class decorator that replaces a test class by generated variants.

    Args:
        test_case_generator: Called with each class to expand; returns an iterable of
            ``(class_name, members, method_generator)``. Each generated class derives from
            the expanded one, gets ``members`` as class attributes, and has each callable
            ``test*`` attribute replaced by ``method_generator(method)`` (unless it is None).

    The decorator returns a bundle object in place of the decorated class (or bundle).
    """
    def decorator(target):
        if isinstance(target, _ParameterizedTestCaseBundle):
            cases = target.cases
        else:
            cases = [_TestCaseTuple(target, target.__module__, target.__name__)]
        generated = []
        for case in cases:
            namespace = _module_namespace(case.module_name)
            if namespace.get(case.class_name) is case.klass and isinstance(
                    target, _ParameterizedTestCaseBundle):
                del namespace[case.class_name]
            for class_name, members, method_generator in test_case_generator(case.klass):
                generated.append(_generate_case(
                    case, namespace, class_name, members, method_generator))
        return _ParameterizedTestCaseBundle(generated)
    return decorator
