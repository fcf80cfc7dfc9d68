"""Private numeric helpers shared by several ``chainer.functions`` modules."""
