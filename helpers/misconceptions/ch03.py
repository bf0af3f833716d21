"""Misconceptions of ch03 (filled in with the chapter)."""

MISCONCEPTIONS = []
