"""pytest configuration shared by the whole suite."""

import os

import matplotlib

matplotlib.use("Agg")
os.environ.setdefault("MPLBACKEND", "Agg")

# The fixture notebooks under tests/ are data for the tests, not lecture notebooks to run with nbval.
collect_ignore_glob = ["**/*.ipynb"]
