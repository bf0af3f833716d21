"""helpers: the shared package of the course 3장 · Attention과 Encoder.

- ``helpers.reference``: every exercise function, one scaled dot-product attention.
- ``helpers.data``: the fixed words, vocabulary and batches of the chapters.
- ``helpers.plotting``: Hangul-safe heatmaps and charts.
- ``helpers.grading``: the checks that the hidden tests call.
- ``helpers.paths``: where the course is (``ROOT``), for every tool and ``course.py`` before ``.venv`` exists.
"""
