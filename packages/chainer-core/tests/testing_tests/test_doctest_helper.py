"""chainer.testing.doctest_helper: skipping doctests conditionally."""
import pytest

import chainer
from chainer.testing import doctest_helper


def test_doctest_helper():
    doctest_helper.skipif(False)
    with pytest.raises(pytest.skip.Exception):
        doctest_helper.skipif(True)
    with pytest.raises(pytest.skip.Exception):
        doctest_helper.skipif_requires_satisfied('numpy')
    doctest_helper.skipif_requires_satisfied('no-such-distribution-xyz')
    doctest_helper.skipif_not_enough_cuda_devices(0)
    if not chainer.backends.cuda.available:
        with pytest.raises(pytest.skip.Exception):
            doctest_helper.skipif_not_enough_cuda_devices(1)
