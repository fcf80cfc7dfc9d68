"""chainer.testing's namespace: v7's names and run_module."""
from unittest import mock

from chainer import testing
from chainer.testing import condition  # noqa: F401 (v7 does not import it eagerly)

_V7_NAMES = [
    'BackendConfig', 'FunctionTestCase', 'FunctionTestError', 'InitializerArgument',
    'LinkInitializersTestCase', 'LinkTestCase', 'LinkTestError', 'array', 'assert_allclose',
    'assert_warns', 'attr', 'backend', 'condition', 'distribution_test',
    'distribution_unittest', 'fix_random',
    'from_pytest_parameterize', 'function_link', 'generate_matrix', 'generate_seed',
    'get_trainer_with_mock_updater', 'helper', 'inject_backend_tests', 'matrix',
    'parameterize', 'parameterize_pytest', 'parameterized', 'patch', 'product',
    'product_dict', 'random', 'run_module', 'save_and_load', 'save_and_load_hdf5',
    'save_and_load_npz', 'serializer', 'training', 'unary_math_function_test',
    'unary_math_function_unittest', 'with_requires', 'without_requires',
]


def test_v7_names():
    for name in _V7_NAMES:
        assert getattr(testing, name) is not None, name
    assert set(_V7_NAMES) <= set(dir(testing))


def test_run_module():
    with mock.patch('pytest.main') as main:
        testing.run_module('not_main', 'file.py')
        main.assert_not_called()
        testing.run_module('__main__', 'file.py')
        main.assert_called_once_with(['file.py', '-vvs', '-x', '--pdb'])


def test_link_templates_are_listed_in_function_link():
    from chainer.testing import function_link
    names = {'LinkTestCase', 'LinkInitializersTestCase', 'InitializerArgument', 'LinkTestError'}
    assert names <= set(dir(function_link))
    assert testing.distribution_test.distribution_unittest is testing.distribution_unittest
    assert testing.serializer.save_and_load_npz is testing.save_and_load_npz
