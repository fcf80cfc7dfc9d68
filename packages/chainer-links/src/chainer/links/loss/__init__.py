"""Links that compute loss values (e.g. the binary hierarchical softmax)."""
