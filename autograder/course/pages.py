"""The instructor's HTML pages (the class report, the similarity review), made one way: jinja2 templates in
templates/ with autoescape on, so every value a page shows is text, whatever a submission put in it. Only what a
page marks ``|safe`` where it is shown is markup (copydetect's highlighting, which escapes the code itself).
The feedback pages are nbconvert's, which renders with jinja2 too (autograder/feedback.py).
"""

from __future__ import annotations

import datetime

from jinja2 import Environment, PackageLoader, StrictUndefined

from helpers.webfont import offline_page

TEMPLATES = Environment(loader=PackageLoader("autograder.course", "templates"), autoescape=True,
                        undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True)
TEMPLATES.filters["number"] = lambda value: "-" if value is None else f"{value:g}"


def render_page(template: str, **values) -> str:
    """The page `template` makes of `values` (and `made`, the time now), the course's font inline."""
    made = f"{datetime.datetime.now():%Y-%m-%d %H:%M}"
    return offline_page(TEMPLATES.get_template(template).render(made=made, **values))
