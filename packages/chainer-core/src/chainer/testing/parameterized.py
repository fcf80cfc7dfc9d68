"""Class parameterization for tests: `parameterize`, `product`, `product_dict`."""
import itertools
import sys


def _short(value, limit=40):
    text = getattr(value, '__name__', None) or repr(value)
    text = text.replace('\n', ' ')
    return text if len(text) <= limit else text[:limit - 3] + '...'


def _variant_name(base, index, param):
    body = ','.join('%s=%s' % (k, _short(v)) for k, v in sorted(param.items()))
    return '%s_param_%d_{%s}' % (base, index, body)


def _module_dict(cls):
    module = sys.modules.get(cls.__module__)
    if module is not None:
        return module.__dict__
    frame = sys._getframe(2)
    return frame.f_globals


def parameterize(*params):
    """Class decorator generating one test class per parameter dict.

    The generated classes are registered in the module of the decorated class and receive
    the dict entries as class attributes. Stacked decorators produce the cross product.
    """
    def decorator(cls):
        namespace = _module_dict(cls)
        bases = cls.__dict__.get('_chainer_variants') or [cls]
        variants = []
        for base in bases:
            if base is not cls:
                namespace.pop(base.__name__, None)
            inherited = getattr(base, '_chainer_param', {})
            for i, param in enumerate(params):
                name = _variant_name(base.__name__, i, param)
                attrs = dict(param)
                attrs['__test__'] = True
                attrs['_chainer_param'] = dict(inherited, **param)
                attrs['__module__'] = cls.__module__
                attrs['_chainer_variants'] = None
                variant = type(name, (base,), attrs)
                namespace[name] = variant
                variants.append(variant)
        cls._chainer_variants = variants
        cls.__test__ = False
        return cls
    return decorator


def product(parameter):
    """Cartesian product of parameters.

    ``product({'a': [1, 2], 'b': [3]})`` gives ``[{'a': 1, 'b': 3}, {'a': 2, 'b': 3}]``;
    ``product([[dict, ...], [dict, ...]])`` merges one dict from each list.

    .. admonition:: Example

        >>> from chainer import testing
        >>> testing.product({'a': [1, 2], 'b': ['x', 'y']})
        [{'a': 1, 'b': 'x'}, {'a': 1, 'b': 'y'}, {'a': 2, 'b': 'x'}, {'a': 2, 'b': 'y'}]
    """
    if isinstance(parameter, dict):
        keys = sorted(parameter)
        values = [parameter[k] for k in keys]
        return [dict(zip(keys, combo)) for combo in itertools.product(*values)]
    if isinstance(parameter, (list, tuple)):
        result = []
        for dicts in itertools.product(*parameter):
            merged = {}
            for d in dicts:
                merged.update(d)
            result.append(merged)
        return result
    raise TypeError('parameter must be a dict or a list, not %s' % type(parameter))


def product_dict(*parameters):
    """Cartesian product of lists of dicts, merging one dict from each list.

    .. admonition:: Example

        >>> from chainer import testing
        >>> testing.product_dict([{'a': 1}, {'a': 2}], [{'b': 3, 'c': 4}])
        [{'a': 1, 'b': 3, 'c': 4}, {'a': 2, 'b': 3, 'c': 4}]
    """
    return product(list(parameters))




def from_pytest_parameterize(names, values):
    """Converts the arguments of ``pytest.mark.parametrize`` to a list of parameter dicts.

    Args:
        names (str or sequence of str): Parameter names (``'a,b'``, ``'a b'`` or a list).
        values (sequence): One tuple of values per case (the value itself for a single name,
            as in pytest).
    """
    if isinstance(names, str):
        names = names.replace(',', ' ').split()
    else:
        names = list(names)
    values = list(values)
    if len(names) == 1:
        return [{names[0]: v} for v in values]
    for v in values:
        if len(v) != len(names):
            raise ValueError('{} values given for the {} names {}'.format(
                len(v), len(names), names))
    return [dict(zip(names, v)) for v in values]


def parameterize_pytest(names, values):
    """Like :func:`parameterize`, with the arguments of ``pytest.mark.parametrize``."""
    return parameterize(*from_pytest_parameterize(names, values))
