"""Normalization links (batch, batch-renormalization, decorrelated, group and layer)."""
