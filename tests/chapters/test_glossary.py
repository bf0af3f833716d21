"""One word for one thing (notebooks/GLOSSARY.md), particles and the copula attached (한글 맞춤법 제41항) and no
placeholder particle, in everything a student reads: the lectures, the exercises, both READMEs and the grader's
messages."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

from helpers.paths import ROOT

MESSAGE_MODULES = ("helpers/grading", "helpers/misconceptions")
# Every module whose strings a student or an instructor may read; korean.py's docstring quotes the rule's examples.
MESSAGE_SOURCES = ("helpers", "autograder", "edition", "course.py")
PARTICLE_RULE_MODULE = ROOT / "helpers" / "korean.py"

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
# What a particle attaches to (제41항): inline code, math, a call or an index, a message's run-time field ("{}"), a
# Latin word, a number, a closing quote, a superscript, a Greek letter or a letter with a combining mark ("x̂").
_BEFORE_PARTICLE = r"[`A-Za-z0-9_$})\]'\"”’²³ᵀ⁰¹⁴-⁹ⁿ⁻α-ωΑ-Ω\u0300-\u036f]"
# Particles and the copula's forms that end a word: they count only before a space, a mark or a line's end.
_WORD_ENDING = ("을|를|이|가|은|는|의|에|으로|로|와|과|도|만|나|이나|란|이란|라|이라|든|이든|라고|이라고|라는|"
                "이라는|인|인지|인가|일|이다|이고|이며|이면|에는|에도|에만|로는|으로는|로도|으로도|로만|으로만|와는|"
                "과는|와도|과도|뿐|들|들은|들이|들을|들의|들도|들과|들만")
# Beginnings no Korean word shares, so whatever follows ("1 쯤이라", "4 까지이고", "{} 입니다").
_WORD_BEGINNING = ("쯤|씩|라서|처럼|까지|부터|마다|에서|으로서|로서|으로써|로써|보다|만큼|와의|과의|에게|한테|입니|"
                   "이므로|이어야|여야|이라서|이지만|이면서|이었|였|이에요|예요|인가요|인지요|일까요|인데|이라면|라면")
# A particle or the copula spaced after what it attaches to, e.g. "`mask` 를", "d_k 가", "$d_k$ 에", "{name} 을",
# "γ 와", "0 보다", "`x` 입니다", "{} 입니다": 제41항 attaches it.
SPACED_AFTER_CODE = re.compile(
    rf"(?<={_BEFORE_PARTICLE}) (?:(?:{_WORD_ENDING})(?=[\s,.:;!?)'\"”’]|$)|(?:{_WORD_BEGINNING}))", re.MULTILINE)


@pytest.mark.parametrize("text", [
    "`mask` 를 씁니다", "d_k 가 크면", "$d_k$ 에서", "{} 입니다", "`x` 입니다.", "γ 와 β", "0 보다 큰 수",
    "Kᵀ 는 [2, 4]", "\"자동으로 다시 시작합니다.\" 가 뜹니다", "S² 을 줄입니다", "x̂ 의 평균", "1 쯤이라",
    "0.99 까지이고", "ReLU 였지만", "torch.mm 이나", "(4, 4) 여야 합니다", "0.25 씩", "Query 들은",
    "정확히 0 인가요?", "d_k = 2 라면"])
def test_a_spaced_particle_or_copula_after_code_is_found(text: str) -> None:
    assert SPACED_AFTER_CODE.search(text), text


@pytest.mark.parametrize("text", ["| Q | 질문 쪽지 | 이 낱말이", "제목표 8 장", "ln 13 가까이", "d_k가 크면",
                                  "`x`입니다", "0보다 큰 수", "Query 도서관에"])
def test_an_attached_particle_or_a_word_after_a_space_is_not_found(text: str) -> None:
    assert not SPACED_AFTER_CODE.search(text), text


def _notebook_text(path: Path, markdown_only: bool = False) -> str:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    chosen = [cell for cell in cells if cell["cell_type"] == "markdown" or not markdown_only]
    return "\n".join("".join(cell["source"]) for cell in chosen)


def student_texts() -> dict[str, str]:
    """Every text a student reads, by its path: lecture and exercise notebooks, READMEs, grader messages."""
    paths = [*sorted((ROOT / "notebooks").glob("*.ipynb")), *sorted((ROOT / "source").glob("*/*.ipynb")),
             ROOT / "README.md", ROOT / "edition" / "README.md", ROOT / "notebooks" / "GLOSSARY.md"]
    texts = {str(path.relative_to(ROOT)): _notebook_text(path) if path.suffix == ".ipynb"
             else path.read_text(encoding="utf-8") for path in paths}
    for folder in MESSAGE_MODULES:
        for path in sorted((ROOT / folder).glob("*.py")):
            texts[str(path.relative_to(ROOT))] = path.read_text(encoding="utf-8")
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


def test_particles_and_the_copula_after_code_are_attached_in_lectures_and_exercises() -> None:
    """Prose, code cells (their comments and the strings they print) and the lectures' stored outputs."""
    notebooks = [*sorted((ROOT / "notebooks").glob("*.ipynb")), *sorted((ROOT / "source").glob("*/*.ipynb"))]
    found = {path.name: _hits(SPACED_AFTER_CODE, _notebook_text(path) + "\n" + _output_text(path))
             for path in notebooks}
    assert not {name: hits for name, hits in found.items() if hits}


def test_particles_and_the_copula_after_code_are_attached_in_the_graders_messages() -> None:
    paths = sorted(path for source in MESSAGE_SOURCES
                   for path in ((ROOT / source).rglob("*.py") if (ROOT / source).is_dir() else [ROOT / source])
                   if path != PARTICLE_RULE_MODULE)
    found = [f"{path.relative_to(ROOT)}:{line}: {hit}" for path in paths
             for line, text in string_literals(path) for hit in _hits(SPACED_AFTER_CODE, text)]
    assert not found, f"{len(found)} spaced particles:\n" + "\n".join(found)


def test_every_lecture_title_says_its_number_in_gang() -> None:
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        title = _notebook_text(path, markdown_only=True).splitlines()[0]
        assert title.startswith(f"# {int(path.name[:2])}강 · "), (path.name, title)
