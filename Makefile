# The verbs of the course. lab, test, execute and release go through course.py, which creates
# .venv on first use; grade and report call the installed instructor tool (course-grader).
PYTHON ?= python3

.PHONY: lab test execute release grade report lint format clean

ASSIGNMENT ?= ch01_handmade_qkv

lab:        ## open the course in JupyterLab
	$(PYTHON) course.py lab

test:       ## run every test, lecture notebooks included (what CI runs)
	$(PYTHON) course.py test

execute:    ## re-run the lecture notebooks and store their outputs
	$(PYTHON) course.py execute

release:    ## regenerate release/ from source/ with nbgrader
	$(PYTHON) course.py release

grade:      ## autograde every submission of ASSIGNMENT, in parallel (see autograder/README.md)
	.venv/bin/course-grader grade $(ASSIGNMENT)

report:     ## the class report of ASSIGNMENT: reports/$(ASSIGNMENT)/index.html
	.venv/bin/course-grader report $(ASSIGNMENT)

lint:       ## ruff over the repository, as the test command's tests/test_lint.py does
	.venv/bin/ruff check .

format:
	.venv/bin/ruff format helpers autograder tests benchmarks edition course.py

clean:      ## remove caches and nbgrader state of local runs (never source/ or release/)
	rm -rf .pytest_cache .ruff_cache .hypothesis gradebook.db submitted autograded feedback reports
	find . -name __pycache__ -type d -not -path "./.venv/*" -prune -exec rm -rf {} +
