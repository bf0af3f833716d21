"""Korean full-text search for the course site: a Sphinx search language that splits Hangul into bigrams.

Korean attaches particles to the word (배송이, 배송을, 비율표는), and Sphinx has no Korean splitter: its index holds
"배송이" and a search for 배송 finds nothing. Here every run of Hangul syllables is indexed as its overlapping
two-syllable pieces (배송이 → 배송, 송이), and the browser splits the query the same way (비율표 → 비율, 율표); a page
is found when it holds every piece. Words in other scripts are indexed as Sphinx's English search indexes them.
"""

from __future__ import annotations

import re
from pathlib import Path

from sphinx import package_dir
from sphinx.application import Sphinx
from sphinx.search.en import SearchEnglish

HANGUL_SYLLABLES = "\uac00-\ud7a3"
HANGUL_RUN = re.compile(f"[{HANGUL_SYLLABLES}]+|[^{HANGUL_SYLLABLES}]+")
BIGRAM = 2

# How the browser reads a query: the same splitting (Sphinx puts this in language_data.js, where the function
# declaration replaces searchtools.js's default splitQuery, which every query calls), and whole words to highlight.
JS_QUERY = r"""
function splitQuery(query) {
  const hangul = /[\uac00-\ud7a3]/;
  const terms = [];
  for (const word of query.split(/[^\p{Letter}\p{Number}_\p{Emoji_Presentation}]+/gu)) {
    for (const run of word.match(/[\uac00-\ud7a3]+|[^\uac00-\ud7a3]+/g) || []) {
      if (!hangul.test(run) || run.length < {n}) {
        terms.push(run);
        continue;
      }
      for (let start = 0; start + {n} <= run.length; start++) terms.push(run.slice(start, start + {n}));
    }
  }
  return terms;
}

/* The pieces find a page; what to highlight there are the reader's whole words (비율표, where the pieces would
   mark 비율 and then find 율표 cut by that mark). On the search page, _parseQuery's highlight terms get them first,
   for the results' quotes and, through sphinx_highlight.js, for the page a result opens. */
if (typeof Search !== "undefined") {
  const parseIntoPieces = Search._parseQuery;
  Search._parseQuery = (query) => {
    const parsed = parseIntoPieces(query);
    const words = query.toLowerCase().match(/[\uac00-\ud7a3]+/g) || [];
    parsed[3] = new Set([...words, ...parsed[3]]);
    if (typeof SPHINX_HIGHLIGHT_ENABLED !== "undefined" && SPHINX_HIGHLIGHT_ENABLED)
      localStorage.setItem("sphinx_highlight_terms", [...parsed[3]].join(" "));
    return parsed;
  };
}
""".replace("{n}", str(BIGRAM))

# The browser's stemmer: Sphinx's English one (Snowball, as in Python) for other words, none for Hangul.
_SNOWBALL_JS = Path(package_dir, "search", "minified-js")
JS_STEMMER = "\n".join((
    (_SNOWBALL_JS / "base-stemmer.js").read_text(encoding="utf-8"),
    (_SNOWBALL_JS / "english-stemmer.js").read_text(encoding="utf-8"),
    r"""
var Stemmer = function () {
  const english = new EnglishStemmer();
  this.stemWord = (word) => (/[\uac00-\ud7a3]/.test(word) ? word : english.stemWord(word));
};
""",
))


def hangul_pieces(run: str) -> list[str]:
    """A run of Hangul syllables as its overlapping two-syllable pieces (a single syllable stays itself)."""
    if len(run) < BIGRAM:
        return [run]
    return [run[start:start + BIGRAM] for start in range(len(run) - BIGRAM + 1)]


def is_hangul(text: str) -> bool:
    return bool(re.match(f"[{HANGUL_SYLLABLES}]", text))


class SearchKorean(SearchEnglish):
    """Sphinx's search language "ko": Hangul as bigrams, other words as in English (stemmed, stop words)."""

    lang = "ko"
    language_name = "Korean"
    js_splitter_code = JS_QUERY
    js_stemmer_rawcode = ""  # no stemmer file of Sphinx's own: JS_STEMMER is the whole of it
    js_stemmer_code = JS_STEMMER

    def split(self, input: str) -> list[str]:
        terms = []
        for word in self._word_re.findall(input):
            for run in HANGUL_RUN.findall(word):
                terms.extend(hangul_pieces(run) if is_hangul(run) else [run])
        return terms

    def stem(self, word: str) -> str:
        return word if is_hangul(word) else super().stem(word)


def setup(app: Sphinx) -> dict:
    app.add_search_language(SearchKorean)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
