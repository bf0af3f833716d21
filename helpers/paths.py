"""Where the course is: the one ROOT every tool finds its files from.

Imports nothing but the standard library, so ``course.py`` can read it with any Python 3.11 before the
course's environment exists (the student edition ships this package too).
"""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]  # the repository (or student edition) holding helpers/ and course.py
