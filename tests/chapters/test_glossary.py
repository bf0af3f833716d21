"""One word for one thing (notebooks/GLOSSARY.md), particles attached (한글 맞춤법 제41항) and no placeholder
particle, in everything a student reads: the lectures, the exercises, both READMEs and the grader's messages."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
MESSAGE_MODULES = ("helpers/grading", "helpers/misconceptions")
# Every module whose strings a student or an instructor may read; korean.py's docstring quotes the rule's examples.
GRADER_PACKAGES = ("helpers", "autograder")
PARTICLE_RULE_MODULE = REPO / "helpers" / "korean.py"

# A rejected synonym and what GLOSSARY.md says instead.
REJECTED = {
    r"벡터 길이": "좌표 수",
    r"너비": "좌표 수",
    r"층의 폭|가운데 폭|폭 \d|\(폭 ": "좌표 수",
    r"(?<!멀티 )헤드(?!\()": "머리 (기법의 이름 '멀티 헤드 어텐션'에서만 헤드)",
    r"자리 벡터": "위치 벡터",
    r"Encoder 블록|인코더 블록": "인코더 층",
    r"발생기": "난수 생성기",
    r"문장 묶음": "배치",
    r"토크나이저의 정규화": "다듬기",
    r"편향된 분산|편향 분산|표본 분산": "치우친(biased) 분산 / 불편(unbiased) 분산",
    r"어텐션 출력": "섞은 결과",
    r"나트|내트": "nat",
    r"(?<![0-9쪽지표] )(?<![0-9])[1-7]장(?! · Attention)": "N강 (N장은 책의 장)",
}
PLACEHOLDER = re.compile(r"을\(를\)|를\(을\)|이\(가\)|가\(이\)|은\(는\)|는\(은\)|와\(과\)|과\(와\)|\(으\)로")
# A particle spaced after inline code, a Latin word, a number, math, a call or index ("sum() 으로", "[PAD] 가") or a
# message's run-time field ("{}"), e.g. "`mask` 를", "d_k 가", "$d_k$ 에", "{name} 을": 제41항 attaches it.
SPACED_AFTER_CODE = re.compile(
    r"(?<=[`A-Za-z0-9_$})\]]) (을|를|이|가|은|는|의|에|에서|으로|로|와|과)(?=[\s,.:;)'\"]|$)", re.MULTILINE)


def _notebook_text(path: Path, markdown_only: bool = False) -> str:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    chosen = [cell for cell in cells if cell["cell_type"] == "markdown" or not markdown_only]
    return "\n".join("".join(cell["source"]) for cell in chosen)


def student_texts() -> dict[str, str]:
    """Every text a student reads, by its path: lecture and exercise notebooks, READMEs, grader messages."""
    paths = [*sorted((REPO / "notebooks").glob("*.ipynb")), *sorted((REPO / "source").glob("*/*.ipynb")),
             REPO / "README.md", REPO / "edition" / "README.md", REPO / "notebooks" / "GLOSSARY.md"]
    texts = {str(path.relative_to(REPO)): _notebook_text(path) if path.suffix == ".ipynb"
             else path.read_text(encoding="utf-8") for path in paths}
    for folder in MESSAGE_MODULES:
        for path in sorted((REPO / folder).glob("*.py")):
            texts[str(path.relative_to(REPO))] = path.read_text(encoding="utf-8")
    return texts


def string_literals(path: Path) -> list[tuple[int, str]]:
    """Each string literal of a module with its line, implicit concatenations joined; an f-string is its constant
    parts with "{}" for each field."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    parts_of_fstrings = {id(part) for node in ast.walk(tree) if isinstance(node, ast.JoinedStr)
                         for part in node.values}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in parts_of_fstrings:
            found.append((node.lineno, node.value))
        elif isinstance(node, ast.JoinedStr):
            found.append((node.lineno, "".join(part.value if isinstance(part, ast.Constant) else "{}"
                                               for part in node.values)))
    return found


def _hits(pattern: str | re.Pattern, text: str) -> list[str]:
    return [text[max(0, m.start() - 30):m.end() + 10].replace("\n", " ") for m in re.finditer(pattern, text)]


@pytest.mark.parametrize("pattern", sorted(REJECTED))
def test_no_rejected_synonym_in_what_students_read(pattern: str) -> None:
    found = {path: _hits(pattern, text) for path, text in student_texts().items()
             if not path.endswith("GLOSSARY.md")}
    found = {path: hits for path, hits in found.items() if hits}
    assert not found, f"GLOSSARY.md says {REJECTED[pattern]!r}: {found}"


def test_no_placeholder_particle_in_what_students_read() -> None:
    found = {path: _hits(PLACEHOLDER.pattern, text) for path, text in student_texts().items()}
    assert not {path: hits for path, hits in found.items() if hits}


def _output_text(path: Path) -> str:
    """The text a stored notebook shows below its code cells: streams, results (figures' alt text too), errors."""
    texts = []
    for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
        for output in cell.get("outputs", []):
            texts.append("".join(output.get("text", "")))
            texts.extend("".join(value) for kind, value in output.get("data", {}).items() if kind.startswith("text/"))
            texts.append(output.get("evalue", ""))
    return "\n".join(texts)


def test_particles_after_code_and_latin_words_are_attached_in_lectures_and_exercises() -> None:
    """Prose, code cells (their comments and the strings they print) and the lectures' stored outputs."""
    notebooks = [*sorted((REPO / "notebooks").glob("*.ipynb")), *sorted((REPO / "source").glob("*/*.ipynb"))]
    found = {path.name: _hits(SPACED_AFTER_CODE, _notebook_text(path) + "\n" + _output_text(path))
             for path in notebooks}
    assert not {name: hits for name, hits in found.items() if hits}


def test_particles_after_code_and_latin_words_are_attached_in_the_graders_messages() -> None:
    paths = sorted(path for package in GRADER_PACKAGES for path in (REPO / package).rglob("*.py")
                   if path != PARTICLE_RULE_MODULE)
    found = [f"{path.relative_to(REPO)}:{line}: {hit}" for path in paths
             for line, text in string_literals(path) for hit in _hits(SPACED_AFTER_CODE, text)]
    assert not found, f"{len(found)} spaced particles:\n" + "\n".join(found)


def test_every_lecture_title_says_its_number_in_gang() -> None:
    for path in sorted((REPO / "notebooks").glob("*.ipynb")):
        title = _notebook_text(path, markdown_only=True).splitlines()[0]
        assert title.startswith(f"# {int(path.name[:2])}강 · "), (path.name, title)
