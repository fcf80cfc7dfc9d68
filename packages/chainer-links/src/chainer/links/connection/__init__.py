"""Links of learnable connections (fully-connected, convolutional, embedding, ...)."""
