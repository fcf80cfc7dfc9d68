"""Functions wrapping compiled Theano functions (``chainer.functions.theano``)."""
