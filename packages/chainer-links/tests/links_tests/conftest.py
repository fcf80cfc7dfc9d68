"""Fixtures shared by the link tests."""
import numpy
import pytest

from chainer import serializers


@pytest.fixture
def load_v7_npz(tmp_path):
    """Writes ``arrays`` (v7 keys such as ``predictor/l1/W``) to an NPZ file, loads it into
    ``link`` with :func:`chainer.serializers.load_npz` and checks every parameter and
    persistent array of the link against the stored value.

    Call it as ``load_v7_npz(link, {'W': ..., 'b': ...}, path='')``.
    """
    def load(link, arrays, path=''):
        file = tmp_path / 'v7.npz'
        numpy.savez(file, **arrays)
        serializers.load_npz(str(file), link, path=path)
        stored = {key[len(path):]: value for key, value in arrays.items()}
        found = {}
        for link_path, sub in link.namedlinks():
            prefix = link_path.lstrip('/')
            prefix = prefix + '/' if prefix else ''
            for name, param in sub.namedparams():
                if '/' not in name[1:]:
                    found[prefix + name[1:]] = param.array
            for name in sub._persistent:
                found[prefix + name] = getattr(sub, name)
        assert sorted(found) == sorted(stored)
        for key, value in stored.items():
            numpy.testing.assert_array_equal(numpy.asarray(found[key]), value, err_msg=key)
    return load
