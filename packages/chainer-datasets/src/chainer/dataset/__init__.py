"""Dataset abstraction: DatasetMixin, Iterator, converters, downloads (chainer-datasets)."""
