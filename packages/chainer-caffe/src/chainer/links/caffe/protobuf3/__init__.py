"""Caffe's protobuf schema; :mod:`.caffe_pb2` holds its message classes."""
