"""Import of Caffe models into Chainer (provided by chainer-caffe)."""
