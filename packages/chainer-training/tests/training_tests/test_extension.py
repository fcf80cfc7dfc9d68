"""Extension, make_extension and the PRIORITY_* constants."""
import pytest

from chainer import testing
from chainer import training


def test_priorities():
    assert (training.PRIORITY_WRITER, training.PRIORITY_EDITOR,
            training.PRIORITY_READER) == (300, 200, 100)


def test_extension_defaults():
    ext = training.Extension()
    assert ext.trigger == (1, 'iteration')
    assert ext.priority == training.PRIORITY_READER
    assert ext.name is None
    assert ext.default_name == 'Extension'
    assert ext.initialize(None) is None
    assert ext.on_error(None, None, None) is None
    assert ext.finalize() is None
    assert ext.serialize(None) is None
    with pytest.raises(NotImplementedError):
        ext(None)
    assert not hasattr(ext, 'invoke_before_training')


def test_default_name_is_the_class_name():
    class MyExtension(training.Extension):
        pass

    assert MyExtension().default_name == 'MyExtension'


def test_make_extension_sets_the_attributes():
    @training.make_extension()
    def plain(trainer):
        pass

    assert plain.trigger == (1, 'iteration')
    assert plain.default_name == 'plain'
    assert plain.priority == training.PRIORITY_READER
    assert plain.finalize is None and plain.initialize is None and plain.on_error is None

    calls = []

    @training.make_extension(trigger=(2, 'epoch'), default_name='other', priority=5,
                             finalizer=lambda: calls.append('finalize'),
                             initializer=lambda t: calls.append('initialize'),
                             on_error=lambda t, e, tb: calls.append('on_error'))
    def full(trainer):
        pass

    assert full.trigger == (2, 'epoch')
    assert full.default_name == 'other'
    assert full.priority == 5
    trainer = testing.get_trainer_with_mock_updater((1, 'iteration'))
    trainer.extend(full)
    trainer.run()
    assert calls == ['initialize', 'finalize']
    assert trainer.get_extension('other') is full


def test_make_extension_on_a_class():
    @training.make_extension(trigger=(3, 'iteration'))
    class Counter:
        def __call__(self, trainer):
            pass

    assert Counter.trigger == (3, 'iteration')
    assert Counter.default_name == 'Counter'


def test_make_extension_rejects_removed_and_unknown_arguments():
    with pytest.raises(ValueError, match='invoke_before_training has been removed'):
        training.make_extension(invoke_before_training=True)
    with pytest.raises(TypeError, match="unexpected keyword argument.*'foo'"):
        training.make_extension(foo=1)
