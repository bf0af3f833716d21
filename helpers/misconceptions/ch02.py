"""Misconceptions of ch02 (filled in with the chapter)."""

MISCONCEPTIONS = []
