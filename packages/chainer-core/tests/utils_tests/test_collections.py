"""chainer.utils._collections (v7's collections_abc alias)."""
import collections.abc

from chainer.utils import _collections


def test_collections_alias():
    assert _collections.collections_abc is collections.abc
