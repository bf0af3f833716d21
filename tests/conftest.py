"""pytest configuration shared by the whole suite."""

import matplotlib

# Figures drawn by the tests themselves need no screen. (Not MPLBACKEND: the kernels that nbval
# starts would inherit it and stop producing the inline figures stored in the notebooks.)
matplotlib.use("Agg")

# The fixture notebooks under tests/ are data for the tests, not lecture notebooks to run with nbval.
collect_ignore_glob = ["**/*.ipynb"]
