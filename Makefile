# The verbs of the course. Each target goes through course.py, which creates .venv on first use.
PYTHON ?= python3

.PHONY: lab test execute release lint format clean

lab:        ## open the course in JupyterLab
	$(PYTHON) course.py lab

test:       ## run every test, lecture notebooks included (what CI runs)
	$(PYTHON) course.py test

execute:    ## re-run the lecture notebooks and store their outputs
	$(PYTHON) course.py execute

release:    ## regenerate release/ from source/ with nbgrader
	$(PYTHON) course.py release

lint:       ## ruff over the package, the grader and the tests
	.venv/bin/ruff check helpers autograder tests benchmarks course.py

format:
	.venv/bin/ruff format helpers autograder tests benchmarks course.py

clean:      ## remove caches and nbgrader state of local runs (never source/ or release/)
	rm -rf .pytest_cache .ruff_cache .hypothesis gradebook.db submitted autograded feedback reports
	find . -name __pycache__ -type d -not -path "./.venv/*" -prune -exec rm -rf {} +
