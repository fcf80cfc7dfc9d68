"""chainer.testing._bundle.make_decorator: the machinery of the class-generating decorators."""
import sys
import types

from chainer.testing import _bundle


def test_make_decorator():
    module = types.ModuleType('fake_test_module')
    sys.modules[module.__name__] = module
    try:
        def generator(cls):
            for i in range(2):
                def method_generator(method, i=i):
                    def wrapped(self):
                        return method(self) * 10 + i
                    return wrapped
                yield '{}{}'.format(cls.__name__, i), {'value': i}, method_generator

        class Base:
            value = None

            def test_value(self):
                return self.value

        Base.__module__ = module.__name__
        bundle = _bundle.make_decorator(generator)(Base)
        assert isinstance(bundle, _bundle._ParameterizedTestCaseBundle)
        assert [case.class_name for case in bundle.cases] == ['Base0', 'Base1']
        assert module.Base0().test_value() == 0 and module.Base1().test_value() == 11
        assert issubclass(module.Base1, Base) and module.Base1.__test__ is True
        # Stacked: each generated class is expanded and leaves the module.
        stacked = _bundle.make_decorator(generator)(bundle)
        assert [case.class_name for case in stacked.cases] == [
            'Base00', 'Base01', 'Base10', 'Base11']
        assert not hasattr(module, 'Base0') and not hasattr(module, 'Base1')
        # the outer wrapper (i=1) around the inner one (i=0), value from the outer members
        assert module.Base01().test_value() == (1 * 10 + 0) * 10 + 1
    finally:
        del sys.modules[module.__name__]


def test_user_test_attribute_is_kept():
    module = types.ModuleType('fake_test_module2')
    sys.modules[module.__name__] = module
    try:
        class Hidden:
            __test__ = False

        Hidden.__module__ = module.__name__
        _bundle.make_decorator(lambda cls: [('Gen', {}, None)])(Hidden)
        assert module.Gen.__test__ is False
    finally:
        del sys.modules[module.__name__]
