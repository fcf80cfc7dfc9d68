"""Activation links: activation functions with learnable parameters."""
