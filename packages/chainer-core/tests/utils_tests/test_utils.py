"""chainer.utils: tempdir, force_array and v7's helpers of the package namespace."""
import os

import numpy
import pytest

from chainer import utils


def test_tempdir():
    with utils.tempdir(prefix='chainer-test-') as path:
        assert os.path.isdir(path) and os.path.basename(path).startswith('chainer-test-')
        with open(os.path.join(path, 'f'), 'w') as f:
            f.write('x')
    assert not os.path.exists(path)


def test_raise_from():
    try:
        raise ValueError('original')
    except ValueError as e:
        original = e
    with pytest.raises(RuntimeError) as info:
        utils._raise_from(RuntimeError, 'message', original)
    assert str(info.value) == 'message\n\n(caused by)\nValueError: original\n'
    assert info.value.__traceback__ is not None


def test_repr_with_named_data():
    class Thing:
        pass
    assert utils._repr_with_named_data(Thing(), b=2, a='x') == '<{}.Thing b=2 a=x>'.format(
        __name__)


def test_check_arrays_forward_compatible():
    utils._check_arrays_forward_compatible([numpy.ones(2), None, numpy.ones(3)])
    utils._check_arrays_forward_compatible([None])
    with pytest.raises(TypeError, match=r'mixed in the forward input \(f\)'):
        utils._check_arrays_forward_compatible([numpy.ones(2), [1.0]], 'f')
    with pytest.raises(TypeError, match='mixed in the forward input.'):
        utils._check_arrays_forward_compatible([numpy.float32(1)])


def test_v7_names():
    from chainer.utils import error
    from chainer.utils import meta
    assert utils._format_array_props is error._format_array_props
    assert utils.enable_final is meta.enable_final and utils.final is meta.final
    assert callable(utils.nondeterministic)


def test_submodules_are_attributes_after_import_chainer():
    # As v7: ``chainer.utils.imgproc`` and friends need no import of their own.
    import chainer
    for name in ('argument', 'array', 'cache', 'conv', 'conv_nd', 'conv_nd_kernel', 'imgproc',
                 'experimental', 'sparse', 'type_check', 'walker_alias'):
        assert hasattr(chainer.utils, name), name
