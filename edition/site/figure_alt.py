"""The alt text of a notebook's figures on the site's pages.

`helpers.plotting.show` stores a figure's alt text in its output's metadata (`metadata["image/png"]["alt"]`), where
JupyterLab and nbconvert read it; myst-nb reads only width and height there. myst-nb names each image file it writes
by the SHA-256 of the image's bytes, so this extension hashes every stored PNG of the page's notebook and gives the
page's image of that name the output's alt text.
"""

from __future__ import annotations

import hashlib
import json
from base64 import b64decode
from pathlib import Path, PurePosixPath

from docutils import nodes
from sphinx.application import Sphinx

FIGURE_TYPE = "image/png"


def alt_by_digest(notebook: Path) -> dict[str, str]:
    """SHA-256 of each stored PNG output of `notebook` → the alt text in that output's metadata."""
    alts = {}
    for cell in json.loads(notebook.read_text(encoding="utf-8"))["cells"]:
        for output in cell.get("outputs", []):
            alt = output.get("metadata", {}).get(FIGURE_TYPE, {}).get("alt")
            image = output.get("data", {}).get(FIGURE_TYPE)
            if alt and image:
                encoded = image if isinstance(image, str) else "".join(image)
                alts[hashlib.sha256(b64decode(encoded)).hexdigest()] = alt
    return alts


def give_figures_their_alt(app: Sphinx, doctree: nodes.document) -> None:
    source = Path(app.env.doc2path(app.env.docname))
    if source.suffix != ".ipynb":
        return
    alts = alt_by_digest(source)
    for image in doctree.findall(nodes.image):
        alt = alts.get(PurePosixPath(image["uri"]).stem)
        if alt:
            image["alt"] = alt


def setup(app: Sphinx) -> dict:
    app.connect("doctree-read", give_figures_their_alt)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
