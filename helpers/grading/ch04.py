"""Grading specs of ch04: the random hidden cases and the lecture example of each exercise."""

EXERCISES = []
