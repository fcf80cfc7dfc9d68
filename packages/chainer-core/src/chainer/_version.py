"""The version of Chainer (``chainer._version.__version__``).

``tools/set-version`` keeps this string equal to ``chainer.__version__`` and to the version of
every Chainer 8 distribution.
"""
__version__ = '8.0.0.dev0'
