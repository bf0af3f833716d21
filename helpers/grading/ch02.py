"""Grading specs of ch02: the random hidden cases and the lecture example of each exercise."""

EXERCISES = []
