"""The course's Hangul font (NanumGothic, shipped in koreanize-matplotlib, which the figures use) and MathJax, for
pages a reader may open without a Korean system font or a network: one place for the Lab (served as a web font),
the course site (copied into it) and the instructor's HTML pages (embedded in the page).

    font_face_css({"NanumGothic": url, ...})   # @font-face rules for fonts served at `url`
    embedded_head(text, math=True)             # <style> with the font as data: and MathJax's script, for a page
    offline_page(html, math=True)              # a whole page made so: its fetched MathJax dropped, the above added
"""

from __future__ import annotations

import base64
import importlib.util
import io
import re
from functools import cache
from pathlib import Path

FAMILY = "NanumGothic"
HANGUL_FONTS = {"NanumGothic": "normal", "NanumGothicBold": "bold"}  # .ttf in koreanize-matplotlib → weight
# NanumGothic carries the hinting tool's sources (VTT's TSI* tables, one empty), which browsers' font sanitizer
# rejects, so the whole font fails to load; they take no part in drawing and are left out of the web font.
HINTING_SOURCES = ("TSI0", "TSI1", "TSI2", "TSI3", "TSI5", "TSIB", "TSIC", "TSID", "TSIJ", "TSIP", "TSIS", "TSIV")
# The font serves Hangul (jamo, compatibility jamo, syllables) and CJK punctuation only: named first in a font list,
# it draws every Hangul character, while Latin text keeps the fonts after it. (Named after the system's fonts, it
# lost to them: Chromium drew Hangul laid out before the font arrived in the system font's empty boxes, and kept
# them after it arrived.)
HANGUL_RANGES = "U+1100-11FF,U+3000-303F,U+3130-318F,U+A960-A97F,U+AC00-D7A3,U+D7B0-D7FF,U+FF00-FFEF"
TEXT_FONTS = f'"{FAMILY}",system-ui,-apple-system,"Segoe UI",Helvetica,Arial,sans-serif'
CODE_FONTS = f'"{FAMILY}","DejaVu Sans Mono",Menlo,Consolas,monospace'
# The course's font first for text and code, on a plain page and through JupyterLab's variables (the Lab, and
# nbconvert's pages, whose own stylesheets set them: these win by !important)
FONT_RULES = (f"body{{font-family:{TEXT_FONTS}}}pre,code,kbd,samp{{font-family:{CODE_FONTS}}}"
              f":root,.jp-ThemedContainer{{--jp-ui-font-family:{TEXT_FONTS} !important;"
              f"--jp-content-font-family:{TEXT_FONTS} !important;--jp-code-font-family:{CODE_FONTS} !important}}")
# MathJax 3 with SVG output: one script and no font files to fetch, so it works embedded in a page
MATHJAX_SVG = "sphinx-mathjax-offline/static/mathjax/tex-svg.js"
MATHJAX_CONFIG = ("window.MathJax={tex:{inlineMath:[['$','$'],['\\\\(','\\\\)']],processEscapes:true},"
                  "svg:{fontCache:'global'}};")


FONT_SOURCE = "font-src data:"  # what a page's Content-Security-Policy must allow for embedded_head's fonts
# What nbconvert's templates put in a page to fetch MathJax 2 and configure it
FETCHED_SCRIPT = re.compile(r"<script[^>]*\bsrc=['\"]https?://[^>]*>\s*</script>", re.IGNORECASE)
MATHJAX2_CONFIG = re.compile(r"<script type=\"text/x-mathjax-config\">.*?</script>", re.DOTALL)


class FontMissing(RuntimeError):
    """koreanize-matplotlib (the font's package) is not installed."""


def bundled_font(name: str) -> Path:
    """The .ttf file of `name` (a key of HANGUL_FONTS), found without importing matplotlib."""
    spec = importlib.util.find_spec("koreanize_matplotlib")
    if spec is None:
        raise FontMissing("한글 글꼴이 든 koreanize-matplotlib이 설치되어 있지 않습니다: "
                          "python course.py로 환경을 만드세요.")
    return Path(spec.submodule_search_locations[0], "fonts", f"{name}.ttf")


def web_font(name: str, text: str | None = None) -> bytes:
    """The font `name` as WOFF bytes browsers accept; with `text`, only the glyphs that text needs."""
    return _subset_font(name, "".join(sorted(set(text)))) if text is not None else _whole_font(name)


@cache
def _whole_font(name: str) -> bytes:
    return _as_woff(_readable_font(name))


def _subset_font(name: str, characters: str) -> bytes:
    from fontTools import subset

    font = _readable_font(name)
    subsetter = subset.Subsetter(subset.Options(layout_features=["*"], notdef_outline=True))
    subsetter.populate(text=characters)
    subsetter.subset(font)
    return _as_woff(font)


def _readable_font(name: str):
    """The bundled font without the hinting tool's sources; saved with its own timestamp, so a page that embeds it
    is the same bytes every time it is made (fontTools would stamp the time of saving)."""
    from fontTools.ttLib import TTFont

    font = TTFont(bundled_font(name), recalcTimestamp=False)
    for tag in HINTING_SOURCES:
        if tag in font:
            del font[tag]
    return font


def _as_woff(font) -> bytes:
    font.flavor = "woff"
    written = io.BytesIO()
    font.save(written)
    return written.getvalue()


def font_face_css(sources: dict[str, str]) -> str:
    """@font-face rules of FAMILY, then FONT_RULES: `sources` maps each of HANGUL_FONTS to the URL it is served
    at."""
    faces = "".join(f'@font-face{{font-family:"{FAMILY}";font-weight:{HANGUL_FONTS[name]};font-display:block;'
                    f'unicode-range:{HANGUL_RANGES};src:url("{url}") format("woff")}}' for name, url in sources.items())
    return faces + FONT_RULES


def embedded_head(text: str, math: bool = False) -> str:
    """What a page's <head> needs to draw its `text` in the course's font and, with `math`, its $…$ formulas:
    the font's glyphs for `text` as data: URLs and MathJax's script inline, nothing fetched."""
    fonts = {name: "data:font/woff;base64," + base64.b64encode(web_font(name, text)).decode("ascii")
             for name in HANGUL_FONTS}
    style = f"<style>{font_face_css(fonts)}</style>"
    return style + (mathjax_script() if math else "")


def mathjax_script() -> str:
    """MathJax (tex-svg) as inline <script> elements, its configuration first."""
    from importlib.metadata import distribution

    source = Path(distribution("sphinx-mathjax-offline").locate_file(MATHJAX_SVG)).read_text(encoding="utf-8")
    inert = source.replace("</script", "<\\/script")  # the script cannot end its own element
    return f"<script>{MATHJAX_CONFIG}</script><script>{inert}</script>"


def offline_page(html: str, math: bool = False) -> str:
    """`html` (a whole page) needing no network and no system font: scripts it would fetch (nbconvert's MathJax
    from a CDN) and MathJax 2's configuration removed, embedded_head for its own text put at the end of its head."""
    kept = MATHJAX2_CONFIG.sub("", FETCHED_SCRIPT.sub("", html))
    head_end = kept.lower().index("</head>")
    return kept[:head_end] + embedded_head(kept, math) + kept[head_end:]


def offline_pages(folder: Path, math: bool = False) -> None:
    """offline_page for every .html file of `folder`, rewritten in place."""
    for page in sorted(folder.glob("*.html")):
        page.write_text(offline_page(page.read_text(encoding="utf-8"), math), encoding="utf-8")
