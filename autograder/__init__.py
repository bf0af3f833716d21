"""Instructor tooling: release, collect, grade in parallel, feedback, export and the class report."""
