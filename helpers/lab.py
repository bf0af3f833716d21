"""The course's Jupyter server extension for the Lab (turned on in jupyter/student/jupyter_server_config.json):
the course's Validate, in Korean and off the server's event loop, and the course's Hangul font, so every Korean word
of the Lab and of the notebooks is drawn without a Korean system font.

``POST course-validate`` with ``{"path": <notebook, relative to the server's root>}`` runs
:func:`helpers.validation.validate` in a worker thread (the Lab stays usable meanwhile), in the Lab's queue
(:mod:`helpers.validate_queue`), in a kernel forked from the Lab's warm template (:mod:`helpers.validate_kernels`,
started with the Lab), and answers with its result in Korean: the one-line summary, then each failing cell's error
(the diagnosis first) and code. The course's Lab extension (jupyter/labextension) shows it in place of nbgrader's
English dialog. ``GET course-validate`` answers at once, without starting anything, whether a Validate would fork
right away: ``{"template": "ready" | "starting" | "stopped", "running": n, "waiting": n}`` (the template's state,
:meth:`helpers.validate_kernels.LabTemplate.state`, and this Lab's queue); the class-server benchmark
(benchmarks/validate_speed.py) waits for "ready" before its students press Validate.

JupyterLab's own custom-CSS setting (``LabApp.custom_css``) puts ``custom/custom.css`` on the Lab's page; the
server looks for it in the user's Jupyter folder (``~/.jupyter/custom``). This extension puts the course's
``jupyter/student/custom`` folder first on that search path, and serves what its CSS imports: the @font-face rules
and the rules naming the font at ``course-fonts/fonts.css``, and the fonts at ``course-fonts/<name>.woff``
(:mod:`helpers.webfont`).
"""

from __future__ import annotations

import functools
import json
from pathlib import Path

from jupyter_server.base.handlers import JupyterHandler
from jupyter_server.utils import url_path_join
from tornado import web

from helpers.prompt_kernels import KernelDiedEarly
from helpers.validate_kernels import ForkedExecute, LabTemplate, TemplateUnavailable
from helpers.validate_queue import ValidateQueue
from helpers.validation import Validation, summary, validate
from helpers.webfont import HANGUL_FONTS, font_face_css, web_font

CUSTOM_CSS_FOLDER = Path(__file__).resolve().parents[1] / "jupyter" / "student" / "custom"
FONT_ROUTE = "course-fonts"
VALIDATE_QUEUE = ValidateQueue()  # this Lab's Validates, one at a time, in the order pressed


class FontHandler(JupyterHandler):
    """One of HANGUL_FONTS as WOFF, or (`fonts`.css) the @font-face rules naming them; cached for a day."""

    @web.authenticated
    def get(self, name: str, kind: str) -> None:
        if kind == "css" and name == "fonts":
            self.set_header("Content-Type", "text/css; charset=utf-8")
            body = font_face_css({font: f"{font}.woff" for font in HANGUL_FONTS}).encode("utf-8")
        elif kind == "woff" and name in HANGUL_FONTS:
            self.set_header("Content-Type", "font/woff")
            body = web_font(name)
        else:
            raise web.HTTPError(404)
        self.set_header("Cache-Control", "max-age=86400")
        self.finish(body)


class ValidateHandler(JupyterHandler):
    """The course's Validate of one notebook under the server's root, answered in Korean."""

    @web.authenticated
    async def post(self) -> None:
        root = Path(self.settings["server_root_dir"]).resolve()
        requested = json.loads(self.request.body or b"{}").get("path", "")
        notebook = (root / requested).resolve()
        if not (notebook.is_relative_to(root) and notebook.suffix == ".ipynb" and notebook.is_file()):
            raise web.HTTPError(404, "notebook not found")
        result = await VALIDATE_QUEUE.run(notebook, functools.partial(validate_forked, notebook))
        self.finish(as_answer(result))

    @web.authenticated
    def get(self) -> None:
        self.finish(validate_status())


def validate_status() -> dict:
    """Whether this Lab's Validate would fork at once (its template's state) and how many runs are running and
    waiting in its queue; starts nothing."""
    return {"template": LabTemplate.state(), "running": VALIDATE_QUEUE.running, "waiting": VALIDATE_QUEUE.waiting}


def validate_forked(notebook: Path) -> Validation:
    """Validate in a kernel forked from the Lab's template (:func:`validate_in_fork`); once more in a new fork when
    the forked kernel died before it answered: its ports are chosen free, then bound by the kernel, and on a class
    server's shared loopback another student's kernel may take one in between (20 students pressing at once saw it
    once, stock Validate's fresh kernels too: "Address already in use")."""
    try:
        return validate_in_fork(notebook)
    except KernelDiedEarly:
        return validate_in_fork(notebook)


def validate_in_fork(notebook: Path) -> Validation:
    """Validate in a kernel forked from the Lab's template; in a fresh kernel when the template is unavailable."""
    try:
        return validate(notebook, execute=ForkedExecute)
    except TemplateUnavailable:
        return validate(notebook)


def as_answer(result: Validation) -> dict:
    """What the dialog shows: the summary, then the failing cells (error first) or the changed ones."""
    return {"ok": result.ok, "summary": summary(result),
            "failed": [{"error": cell.error, "source": cell.source} for cell in result.failed],
            "changed": result.type_changed or result.changed}


def _jupyter_server_extension_points() -> list[dict]:
    return [{"module": "helpers.lab"}]


def _load_jupyter_server_extension(serverapp) -> None:
    settings = serverapp.web_app.settings
    # the list LabApp's custom/ handler searches, changed in place: it may already hold it
    settings["static_custom_path"].insert(0, str(CUSTOM_CSS_FOLDER))
    route = url_path_join(settings["base_url"], FONT_ROUTE, r"(\w+)\.(css|woff)")
    validate_route = url_path_join(settings["base_url"], "course-validate")
    serverapp.web_app.add_handlers(".*$", [(route, FontHandler), (validate_route, ValidateHandler)])
    LabTemplate.warm()
