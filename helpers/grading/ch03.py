"""Grading specs of ch03: the random hidden cases and the lecture example of each exercise."""

EXERCISES = []
