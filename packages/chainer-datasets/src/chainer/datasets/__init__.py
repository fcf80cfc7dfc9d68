"""Dataset implementations and dataset transformations (provided by chainer-datasets)."""
