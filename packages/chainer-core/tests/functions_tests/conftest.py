"""The function tests written for several backends also run on ChainerX.

Chainer v7's function tests list ``{'use_chainerx': True, 'chainerx_device': 'native:0'}``
among their backend configurations; here every configuration list of
:func:`chainer.testing.inject_backend_tests` (in the test modules of this directory) that names
a CUDA backend besides NumPy, i.e. the device-generic tests, gets that ChainerX configuration
too. NumPy-only lists are kept as they are.
"""
import inspect
import os

import chainer.testing
from chainer.testing import backend as testing_backend

_HERE = os.path.dirname(os.path.abspath(__file__))
_CHAINERX_NATIVE = {'use_chainerx': True, 'chainerx_device': 'native:0'}
_inject_backend_tests = testing_backend.inject_backend_tests


def _with_chainerx(params):
    if not isinstance(params, list):
        return params
    dicts = [p for p in params if isinstance(p, dict)]
    has_numpy = any(not p.get('use_cuda') and not p.get('use_chainerx') for p in dicts)
    has_cuda = any(p.get('use_cuda') for p in dicts)
    has_chainerx = any(p.get('use_chainerx') for p in dicts)
    if has_numpy and has_cuda and not has_chainerx:
        return params + [dict(_CHAINERX_NATIVE)]
    return params


def _inject_with_chainerx(method_names, params):
    def decorator(cls):
        path = os.path.abspath(inspect.getfile(cls))
        if path.startswith(_HERE + os.sep):
            return _inject_backend_tests(method_names, _with_chainerx(params))(cls)
        return _inject_backend_tests(method_names, params)(cls)
    return decorator


testing_backend.inject_backend_tests = _inject_with_chainerx
chainer.testing.inject_backend_tests = _inject_with_chainerx
