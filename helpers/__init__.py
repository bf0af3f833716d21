"""helpers: the shared package of the course 3장 · Attention과 Encoder.

- ``helpers.reference``: every exercise function, one scaled dot-product attention.
- ``helpers.data``: the fixed words, vocabulary and batches of the chapters.
- ``helpers.plotting``: Hangul-safe heatmaps and charts.
- ``helpers.grading``: the checks that the hidden tests call.
- ``helpers.validation``, ``helpers.validate_kernels`` (the Lab's side), ``helpers.validate_template`` (the
  template's), ``helpers.lab``: the student's Validate (``course.py check`` and the Lab's button);
  ``helpers.prompt_kernels``: the kernel manager every kernel the course starts derives from.
- ``helpers.paths``: where the course is (``ROOT``), for every tool and ``course.py`` before ``.venv`` exists.
"""
