import pytest

from chainer.utils import argument


def _func(**kwargs):
    argument.check_unexpected_kwargs(
        kwargs, train='train argument is not supported anymore. Use chainer.using_config')
    a, b = argument.parse_kwargs(kwargs, ('a', 1), ('b', 2))
    return a, b


def _func_empty(**kwargs):
    argument.assert_kwargs_empty(kwargs)


def test_parse_kwargs_defaults_and_values():
    assert _func() == (1, 2)
    assert _func(b=5) == (1, 5)


def test_parse_kwargs_unexpected_names_the_caller():
    with pytest.raises(TypeError) as e:
        _func(c=3, d=4)
    assert str(e.value) == "_func() got unexpected keyword argument(s) 'c', 'd'"


def test_parse_kwargs_removed_argument_message():
    with pytest.raises(ValueError, match='train argument is not supported anymore'):
        _func(train=True)
    kwargs = {'volatile': True}
    with pytest.raises(ValueError, match='^volatile gone$'):
        argument.parse_kwargs(kwargs, ('a', 0), volatile='volatile gone')


def test_assert_kwargs_empty():
    _func_empty()
    with pytest.raises(TypeError, match=r"_func_empty\(\) got unexpected keyword argument\(s\) "
                                        "'x'"):
        _func_empty(x=1)
