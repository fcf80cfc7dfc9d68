"""Training loop: Trainer, updaters, extensions and triggers (provided by chainer-training)."""
