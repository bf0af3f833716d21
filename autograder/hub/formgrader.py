"""The class server's formgrader, made safe for the grader: a Jupyter server extension of the formgrader service.

1. It never autogrades: its route for the Autograde button answers with a Korean refusal pointing to
   ``course-grader grade``, because nbgrader's own autograde runs the submission unsandboxed as the grader account
   (it could read source/, set its own marks and rewrite nbgrader_config.py). nbgrader 0.9.6's formgrader runs
   student code in one place only: ``AutogradeHandler`` at ``formgrader/api/submission/<assignment>/<student>/
   autograde``, the route behind the Autograde button of Manage Submissions, also inside JupyterLab's formgrader
   panel (there is no "autograde all" route). The command line ``nbgrader autograde`` is not changed.
2. It shows submissions as data: nbgrader's page for grading one submission (``formgrader/submissions/<id>``)
   renders the notebook to HTML and serves it from the formgrader's own origin, so a submission's HTML output or
   markdown ran as script with the instructor's session. Here the notebook passes a strict sanitiser
   (StrictSanitizeHTML, sanitize_html) and every student part of the page (each rendered markdown cell, each
   cell's outputs, raw cells) sits in an iframe sandboxed without allow-same-origin, whose own policy fetches
   nothing (student_frame); the grading widgets stay on the page and work as before. The feedback course-grader
   writes uses the same exporter (autograder/feedback.py).

Both handlers are placed ahead of every other extension's routes, so nbgrader's are never reached, whatever order
the extensions load in.

The formgrader service runs in the students' environment, which has no ``autograder`` package:
``course-grader hub start`` copies this file there as ``course_formgrader`` (autograder/hub/server.py), so
it imports only Jupyter's, nbconvert's (bleach is its dependency) and nbgrader's own modules.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
from html import escape

import bleach
from jinja2 import DictLoader, pass_context
from jupyter_server.utils import url_path_join
from nbconvert.exporters import HTMLExporter
from nbconvert.preprocessors.sanitize import SanitizeHTML
from nbgrader.server_extensions.formgrader.base import BaseApiHandler, check_xsrf
from nbgrader.server_extensions.formgrader.handlers import SubmissionFilesHandler, SubmissionHandler
from tornado import web

AUTOGRADE_ROUTE = r"/formgrader/api/submission/([^/]+)/([^/]+)/autograde"  # nbgrader's AutogradeHandler's
SUBMISSION_ROUTE = r"/formgrader/submissions/([^/]+)/?"  # nbgrader's SubmissionHandler's: one submission to grade
# nbgrader's SubmissionFilesHandler's: any file of the submission's folder (for the notebook's relative links),
# not its static components nor the next/previous routes
SUBMISSION_FILES_ROUTE = (r"/formgrader/submissions/((?!components/)[^/]+/"
                          r"(?!(?:next_incorrect|prev_incorrect|next|prev)/?$).+)")
FORMGRADE_TEMPLATE_FILE = "course_formgrade.html.j2"


def refusal(assignment_id: str, course_root: str) -> dict:
    """What the Autograde button gets back: nbgrader's shape for a failed step, which the formgrader shows
    as an error with the message in its panel."""
    message = ("이 서버에서는 formgrader의 Autograde를 쓰지 않습니다: 학생 코드를 샌드박스 밖에서 채점 계정으로 "
               "실행하기 때문입니다 (source/ 를 읽고, 성적부에 자기 점수를 적고, nbgrader_config.py를 바꿀 수 "
               "있습니다). 강사 터미널에서 "
               f"`sudo course-grader grade {assignment_id} --root {course_root}`로 채점하세요.")
    return {"success": False, "error": message, "log": ""}


class RefusedAutograde(BaseApiHandler):
    """The Autograde button's route: the refusal, with nothing run and the gradebook untouched."""

    @web.authenticated
    @check_xsrf
    def post(self, assignment_id, student_id):
        self.log.warning("formgrader Autograde refused (%s, %s): course-grader grade grades in the sandbox",
                         assignment_id, student_id)
        # as nbgrader writes it (a JSON string, no JSON content type): the page parses it itself
        self.write(json.dumps(refusal(assignment_id, self.coursedir.root)))


def route_first(web_app, route: str, handler: type) -> None:
    """Route `route` to `handler` ahead of every extension's routes (tornado takes the first rule that matches,
    and each extension's rules go after those added before them)."""
    pattern = url_path_join(web_app.settings.get("base_url", "/"), route.lstrip("/"))
    web_app.add_handlers(".*$", [(pattern, handler)])
    rules = web_app.default_router.rules
    rules.insert(0, rules.pop(-2))  # add_handlers put it just before the last rule (the server's own routes)


def add_refusal(web_app) -> None:
    """The Autograde button's route to RefusedAutograde."""
    route_first(web_app, AUTOGRADE_ROUTE, RefusedAutograde)

# ------------------------------------------------------------------ submissions shown as data
# What a submission may show a grader: text, tables, lists, links and embedded raster images. No script,
# style, form, frame, object, svg, meta or base element, no event handler, no style attribute (CSS can fetch
# with url()) and no id (one could stand in for a grading widget's). Anything else is escaped and shown as text.
ALLOWED_TAGS = frozenset({
    "a", "abbr", "b", "blockquote", "br", "caption", "cite", "code", "col", "colgroup", "dd", "del", "details", "div",
    "dl", "dt", "em", "figcaption", "figure", "h1", "h2", "h3", "h4", "h5", "h6", "hr", "i", "img", "ins", "kbd", "li",
    "mark", "ol", "p", "pre", "q", "s", "samp", "small", "span", "strong", "sub", "summary", "sup", "table", "tbody",
    "td", "tfoot", "th", "thead", "tr", "u", "ul", "var"})
SHARED_ATTRIBUTES = frozenset({"class", "title", "lang", "dir", "align"})
TAG_ATTRIBUTES = {"a": {"href"}, "img": {"src", "alt", "width", "height"}, "td": {"colspan", "rowspan"},
                  "th": {"colspan", "rowspan", "scope"}, "col": {"span"}, "colgroup": {"span"}, "ol": {"start"},
                  "table": {"border"}}
LINK = re.compile(r"(https?://|mailto:|#)", re.IGNORECASE)  # a link the grader may click, nothing fetched
EMBEDDED_IMAGE = re.compile(r"data:image/(png|jpeg|gif);base64,[A-Za-z0-9+/=\s]*\Z", re.IGNORECASE)
BASE64 = re.compile(r"[A-Za-z0-9+/=\s]*\Z")
NUMBER = re.compile(r"\d{1,5}\Z")
RICH_OUTPUTS = frozenset({"text/html", "text/markdown"})  # sanitised; markdown when it is rendered
KEPT_OUTPUTS = frozenset({"text/plain", "text/latex", "application/json", "image/png", "image/jpeg"})  # escaped
GRADE_ID = re.compile(r"[A-Za-z0-9_.-]+\Z")


def _allowed_attribute(tag: str, name: str, value: str) -> bool:
    if name in SHARED_ATTRIBUTES:
        return True
    if name not in TAG_ATTRIBUTES.get(tag, ()):
        return False
    if name == "href":
        return bool(LINK.match(value.strip()))
    if name == "src":
        return bool(EMBEDDED_IMAGE.match(value.strip()))
    if name in {"width", "height", "colspan", "rowspan", "span", "start", "border"}:
        return bool(NUMBER.match(value.strip()))
    return True


def sanitize_html(html: str) -> str:
    """HTML from a submission as inert data: allowed tags and attributes kept, everything else shown escaped."""
    return bleach.clean(html, tags=ALLOWED_TAGS, attributes=_allowed_attribute, protocols={"http", "https", "mailto",
                        "data"}, strip=False, strip_comments=True)


def _safe_metadata(metadata: dict) -> dict:
    """An output's metadata with only what the templates read and cannot misuse: each image's numeric size
    (nbconvert writes width and height unquoted), its alt text (escaped) and `unconfined`. Paths such as
    `filenames`, which would point an image at any URL, are dropped."""
    kept = {}
    for mimetype, entry in metadata.items():
        if mimetype in {"image/png", "image/jpeg"} and isinstance(entry, dict):
            kept[mimetype] = {key: value for key, value in entry.items()
                              if (key in {"width", "height"} and isinstance(value, int) and not isinstance(value, bool))
                              or (key == "alt" and isinstance(value, str))
                              or (key == "unconfined" and isinstance(value, bool))}
    return kept


class StrictSanitizeHTML(SanitizeHTML):
    """nbconvert's sanitiser, strict: outputs keep only text, LaTeX, JSON, base64 PNG/JPEG and sanitised
    HTML/markdown (no SVG, JavaScript or widgets); raw cells are sanitised; a cell's nbgrader grade_id, which
    the templates write into attributes, must be a plain name or the cell loses its nbgrader metadata.
    Markdown is sanitised after it is rendered (SanitizingHTMLExporter.markdown2html), since markdown itself
    makes links and images."""

    def preprocess_cell(self, cell, resources, cell_index):
        grade_id = cell.get("metadata", {}).get("nbgrader", {}).get("grade_id")
        if grade_id is not None and not (isinstance(grade_id, str) and GRADE_ID.match(grade_id)):
            del cell.metadata["nbgrader"]
        if cell.cell_type == "raw":
            cell.source = sanitize_html(cell.source)
        elif cell.cell_type == "code":
            cell.outputs = [self.sanitize_output(output) for output in cell.outputs]
        return cell, resources

    def sanitize_output(self, output):
        """One output as data (stream and error texts are escaped by the templates)."""
        if output.get("output_type") not in {"display_data", "execute_result"}:
            return output
        data = {}
        for mimetype, value in output.get("data", {}).items():
            if isinstance(value, list):
                value = "".join(value)
            if not isinstance(value, str):
                if mimetype == "application/json":
                    data[mimetype] = value
            elif mimetype == "text/html":
                data[mimetype] = sanitize_html(value)
            elif mimetype in {"image/png", "image/jpeg"}:
                if BASE64.match(value):
                    data[mimetype] = value
            elif mimetype in KEPT_OUTPUTS | RICH_OUTPUTS:
                data[mimetype] = value
        output["data"] = data
        output["metadata"] = _safe_metadata(output.get("metadata") or {})
        return output


class SanitizingHTMLExporter(HTMLExporter):
    """An HTMLExporter for submissions: every notebook passes StrictSanitizeHTML last, after whatever
    preprocessors are configured, and every markdown it renders (cells, text/markdown outputs, comments) is
    sanitised."""

    @pass_context
    def markdown2html(self, context, source):
        return sanitize_html(super().markdown2html(context, source))

    def default_filters(self):
        yield from super().default_filters()
        yield "student_frame", student_frame

    def _preprocess(self, nb, resources):
        nb, resources = super()._preprocess(nb, resources)
        return StrictSanitizeHTML(parent=self).preprocess(nb, resources)


# The student part of the formgrader's page: each rendered markdown cell and each cell's outputs sit in an
# iframe sandboxed without allow-same-origin, so nothing in it acts with the formgrader's origin (no cookie, no
# XSRF token, no access to the page). Its only script is FRAME_RESIZE, the one the frame's own policy allows by
# hash; it tells the page the content's height. The policy also fetches nothing: images only as data: URLs.
FRAME_RESIZE = ("new ResizeObserver(function () { parent.postMessage({courseFrameHeight: "
                "document.documentElement.scrollHeight}, '*'); }).observe(document.documentElement);")
FRAME_POLICY = ("default-src 'none'; img-src data:; style-src 'unsafe-inline'; "
                f"script-src 'sha256-{base64.b64encode(hashlib.sha256(FRAME_RESIZE.encode()).digest()).decode()}'; "
                "form-action 'none'; base-uri 'none'")
FRAME_STYLE = (
    "html{overflow:hidden}body{margin:0;font:14px/1.45 'Helvetica Neue',Helvetica,Arial,sans-serif;color:#000}"
    "pre{margin:0;padding:2px 0;white-space:pre-wrap;word-break:break-word;font:13px/1.3 monospace}"
    "table{border-collapse:collapse;margin:4px 0}th,td{border:1px solid #cfcfcf;padding:3px 8px;text-align:right}"
    "img{max-width:100%}.output_area{display:flex}.prompt{min-width:14ex;padding:2px 6px;color:#d84315;"
    "font:13px monospace;text-align:right}.output_subarea{flex:1;overflow-x:auto;padding:2px 0}"
    ".output_stderr{background:#fdd}.output_error pre{background:#fdd}"
    "code{background:#eff0f1;padding:0 2px}blockquote{border-left:4px solid #ddd;margin:0;padding-left:10px}")
FILE_POLICY = "sandbox; default-src 'none'; img-src data:; style-src 'unsafe-inline'"
PAGE_POLICY = "frame-src 'none'; object-src 'none'; base-uri 'self'"  # srcdoc frames are not fetched: they load
FRAME_SANDBOX = "allow-scripts"  # no allow-same-origin, forms, popups, top navigation or downloads


def student_frame(html: str) -> str:
    """Submission HTML (already sanitised) as a sandboxed iframe of its own, inert even if sanitising missed."""
    document = (f"<!DOCTYPE html><html><head><meta charset=\"utf-8\">"
                f"<meta http-equiv=\"Content-Security-Policy\" content=\"{FRAME_POLICY}\">"
                f"<style>{FRAME_STYLE}</style><script>{FRAME_RESIZE}</script></head><body>{html}</body></html>")
    return (f'<iframe class="student-part" sandbox="{FRAME_SANDBOX}" referrerpolicy="no-referrer" '
            f'style="width:100%;height:60px;border:0;display:block" srcdoc="{escape(document, quote=True)}"></iframe>')


# nbgrader's formgrade page with every student part framed; its grading widgets stay on the page itself.
FORMGRADE_TEMPLATE = """{%- extends "index.html.j2" -%}

{% block markdowncell scoped %}
<div class="cell border-box-sizing text_cell rendered">
  {{ self.empty_in_prompt() }}
  {%- if 'nbgrader' in cell.metadata and (cell.metadata.nbgrader.solution or cell.metadata.nbgrader.grade
                                          or cell.metadata.nbgrader.task) -%}
  <div class="panel panel-primary nbgrader_cell">
    {{ nbgrader_heading(cell) }}
    <div class="panel-body">
      <div class="text_cell_render border-box-sizing rendered_html">
        {{ cell.source | markdown2html | strip_files_prefix | student_frame }}
      </div>
    </div>
    {{ nbgrader_footer(cell) }}
  </div>
  {%- else -%}
  <div class="inner_cell">
    <div class="text_cell_render border-box-sizing rendered_html">
      {{ cell.source | markdown2html | strip_files_prefix | student_frame }}
    </div>
  </div>
  {%- endif -%}
</div>
{% endblock markdowncell %}

{% block rawcell scoped %}
{%- if cell.source -%}{% filter student_frame %}{{ super() }}{% endfilter %}{%- endif -%}
{% endblock rawcell %}

{% block outputs scoped %}
{%- if cell.outputs -%}{% filter student_frame %}{{ super() }}{% endfilter %}{%- endif -%}
{% endblock outputs %}

{% block footer %}
<script type="text/javascript">
window.addEventListener("message", function (event) {
  var height = event.data && event.data.courseFrameHeight;
  if (typeof height !== "number" || !isFinite(height)) { return; }
  document.querySelectorAll("iframe.student-part").forEach(function (frame) {
    if (frame.contentWindow === event.source) {
      frame.style.height = Math.min(Math.max(height, 20), 20000) + "px";
    }
  });
});
</script>
</html>
{% endblock footer %}
"""


class FramedSubmission(SubmissionHandler):
    """nbgrader's page for grading one submission (scores, comments, next/previous work as before), with the
    submission sanitised and each of its parts in a sandboxed frame (FORMGRADE_TEMPLATE)."""

    @property
    def content_security_policy(self) -> str:
        """The server's policy, and no frame of the page may navigate: a student frame stays the document written
        here (a <meta http-equiv=refresh> that got past the sanitiser would otherwise load any page into it)."""
        return f"{super().content_security_policy}; {PAGE_POLICY}"

    @property
    def exporter(self):
        exporter = self.settings.get("course_formgrade_exporter")
        if exporter is None:  # nbgrader's exporter's configuration (its formgrade template), our template on top
            exporter = SanitizingHTMLExporter(config=self.settings["nbgrader_exporter"].config,
                                              template_file=FORMGRADE_TEMPLATE_FILE,
                                              extra_loaders=[DictLoader({FORMGRADE_TEMPLATE_FILE: FORMGRADE_TEMPLATE})])
            self.settings["course_formgrade_exporter"] = exporter
        return exporter


class SandboxedSubmissionFile(SubmissionFilesHandler):
    """A file of a submission's folder, as nbgrader serves it, with `Content-Security-Policy: sandbox`: an HTML or
    SVG file a student put beside the notebook opens in an opaque origin where nothing runs or loads."""

    @property
    def content_security_policy(self) -> str:
        return f"{super().content_security_policy}; {FILE_POLICY}"


def add_framed_submissions(web_app) -> None:
    """The submission page's route to FramedSubmission, its files' route to SandboxedSubmissionFile."""
    route_first(web_app, SUBMISSION_FILES_ROUTE, SandboxedSubmissionFile)
    route_first(web_app, SUBMISSION_ROUTE, FramedSubmission)


def _jupyter_server_extension_points():
    return [{"module": __name__}]


def _load_jupyter_server_extension(serverapp) -> None:
    add_refusal(serverapp.web_app)
    add_framed_submissions(serverapp.web_app)
    serverapp.log.info("formgrader submissions: sanitised and shown in sandboxed frames")
    serverapp.log.info("formgrader Autograde: refused on this server (course-grader grade grades in the sandbox)")
