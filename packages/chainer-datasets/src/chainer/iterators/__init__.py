"""Iterators over datasets: serial, multiprocess, multithread (chainer-datasets)."""
