"""Class parameterization for tests: `parameterize`, `product`, `product_dict`."""
import functools
import itertools
import types
import unittest

from chainer.testing import _bundle

_VALUE_NAME_MAX = 100
_PARAMS_NAME_MAX = 5000


def _shorten(text, limit):
    if len(text) <= limit:
        return text
    head = (limit - 3) // 2
    return text[:head] + '...' + text[len(text) - (limit - 3 - head):]


def _value_name(value):
    name = getattr(value, '__name__', None)
    return name if isinstance(name, str) else repr(value)


def _class_name(base_name, index, param):
    body = ', '.join(
        '{}={}'.format(key, _shorten(_value_name(value), _VALUE_NAME_MAX))
        for key, value in sorted(param.items()))
    return '{}_param_{}_{{{}}}'.format(base_name, index, _shorten(body, _PARAMS_NAME_MAX))


def _failure_message(base_name, method_name, param, error):
    lines = ['Parameterized test failed.', '',
             'Base test method: {}.{}'.format(base_name, method_name),
             'Test parameters:']
    lines += ['  {}: {}'.format(key, value) for key, value in sorted(param.items())]
    lines += ['', '', '(caused by)', '{}: {}'.format(type(error).__name__, error), '']
    return '\n'.join(lines)


def _reraise_with_parameters(error, message):
    try:
        replacement = type(error)(message)
    except Exception:
        # An exception type that cannot be built from a message keeps its own arguments.
        error.add_note(message)
        raise error
    raise replacement.with_traceback(error.__traceback__) from None


def _method_reporting_parameters(method, base_name, param):
    @functools.wraps(method)
    def test_method(self, *args, **kwargs):
        try:
            return method(self, *args, **kwargs)
        except unittest.SkipTest:
            raise
        except Exception as e:
            _reraise_with_parameters(
                e, _failure_message(base_name, method.__name__, param, e))
    return test_method


def _member(value):
    # A plain function is seen by the test as that function, not as a bound method.
    if isinstance(value, types.FunctionType):
        return staticmethod(value)
    return value


def _str_with_parameters(param):
    def __str__(self):
        for klass in type(self).__mro__:
            if vars(klass).get('__str__') is __str__:
                break
        return '{}  parameter: {}'.format(super(klass, self).__str__(), param)
    return __str__


def _parameterized_cases(params):
    def generate(base):
        for index, param in enumerate(params):
            members = {key: _member(value) for key, value in param.items()}
            members['__str__'] = _str_with_parameters(param)
            yield (_class_name(base.__name__, index, param), members,
                   functools.partial(_method_reporting_parameters,
                                     base_name=base.__name__, param=param))
    return generate


def parameterize(*params):
    """Class decorator generating one test class per parameter dict.

    Each dict's entries become class attributes of a subclass named
    ``<Class>_param_<i>_{key=value, ...}``, put in the module of the decorated class; the
    decorated class itself is replaced by a bundle that is not collected. A failure in a
    generated class reports the parameters. Stacked decorators produce the cross product.

    Args:
        params (dicts): One dict of attribute values per generated class.
    """
    return _bundle.make_decorator(_parameterized_cases(params))


def _split_names(names):
    # As v7: spaces are part of the names ('a, b' names 'a' and ' b').
    return names.split(',')


def _split_keys(key, value):
    if ',' not in key:
        return [(key, value)]
    names = _split_names(key)
    if not isinstance(value, (tuple, list)):
        raise AssertionError('the value of the key {!r} must be a tuple or a list, not '
                             '{!r}'.format(key, value))
    if len(names) != len(value):
        raise AssertionError('the key {!r} names {} attributes, the value {!r} has {}'.format(
            key, len(names), value, len(value)))
    return list(zip(names, value))


def _product_of_dict(parameter):
    keys = sorted(parameter)
    for key in keys:
        if not isinstance(parameter[key], (tuple, list)):  # as v7
            raise AssertionError('the values of {!r} must be a list or a tuple, not '
                                 '{!r}'.format(key, parameter[key]))
    result = []
    for values in itertools.product(*(parameter[key] for key in keys)):
        combination = {}
        for key, value in zip(keys, values):
            combination.update(_split_keys(key, value))
        result.append(combination)
    return result


def _product_of_lists(parameter):
    for dicts in parameter:
        if not isinstance(dicts, list):
            raise TypeError('parameter must be list of lists of dicts')
    result = []
    for dicts in itertools.product(*parameter):
        merged = {}
        for d in dicts:
            merged.update(d)
        result.append(merged)
    return result


def product(parameter):
    """Cartesian product of parameters.

    ``product({'a': [1, 2], 'b': [3]})`` gives ``[{'a': 1, 'b': 3}, {'a': 2, 'b': 3}]``; a
    comma-joined key spreads each of its tuples over the named attributes
    (``{'shape,dtype': [((2,), float32)]}``); ``product([[dict, ...], [dict, ...]])`` merges
    one dict from each list.

    .. admonition:: Example

        >>> from chainer import testing
        >>> testing.product({'a': [1, 2], 'b': ['x', 'y']})
        [{'a': 1, 'b': 'x'}, {'a': 1, 'b': 'y'}, {'a': 2, 'b': 'x'}, {'a': 2, 'b': 'y'}]

        >>> testing.product({'shape,dtype': [((2,), 'f'), ((), 'e')], 'axis': [0]})
        [{'axis': 0, 'shape': (2,), 'dtype': 'f'}, {'axis': 0, 'shape': (), 'dtype': 'e'}]
    """
    if isinstance(parameter, dict):
        return _product_of_dict(parameter)
    if isinstance(parameter, list):
        return _product_of_lists(parameter)
    raise TypeError(
        'parameter must be either dict or list. Actual: {}'.format(type(parameter)))


def product_dict(*parameters):
    """Cartesian product of lists of dicts, merging one dict from each list.

    .. admonition:: Example

        >>> from chainer import testing
        >>> testing.product_dict([{'a': 1}, {'a': 2}], [{'b': 3, 'c': 4}])
        [{'a': 1, 'b': 3, 'c': 4}, {'a': 2, 'b': 3, 'c': 4}]
    """
    return _product_of_lists(list(parameters))


def from_pytest_parameterize(names, values):
    """Converts the arguments of ``pytest.mark.parametrize`` to a list of parameter dicts.

    Args:
        names (str): Comma-joined parameter names (``'a,b'``).
        values (sequence): One tuple of values per case (the value itself for a single name,
            as in pytest).
    """
    if not isinstance(names, str):  # as v7
        raise AssertionError('names must be a comma-joined str, not {!r}'.format(names))
    names = _split_names(names)
    if len(names) == 1:
        return [{names[0]: value} for value in values]
    cases = []
    for value in values:
        if len(value) != len(names):
            raise AssertionError('{} values given for the {} names {}'.format(
                len(value), len(names), names))
        cases.append(dict(zip(names, value)))
    return cases


def parameterize_pytest(names, values):
    """Like :func:`parameterize`, with the arguments of ``pytest.mark.parametrize``."""
    return parameterize(*from_pytest_parameterize(names, values))
