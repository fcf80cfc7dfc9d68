"""Models built from links: the classifier wrapper and the vision model zoo."""
