"""Misconceptions of ch04 (filled in with the chapter)."""

MISCONCEPTIONS = []
