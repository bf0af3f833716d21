"""Korean particles after a word a message learns only when it runs (a name, a number, a path).

한글 맞춤법 제41항 attaches a particle to the word before it, and the word's last sound picks its form: 을/를,
이/가, 은/는, 과/와, 으로/로. The sound is the Hangul final consonant, or for Latin letters and digits the
Korean reading (``d_k`` reads 케이, ``d_model`` 모델, ``10`` 십), so no message shows a student "을(를)".
"""

from __future__ import annotations

import string
from enum import Enum


class Particle(Enum):
    """A particle as (after a final consonant, after a vowel)."""

    OBJECT = ("을", "를")
    SUBJECT = ("이", "가")
    TOPIC = ("은", "는")
    AND = ("과", "와")
    TOWARD = ("으로", "로")  # after ㄹ too it is 로


BY_SPELLING = {particle.value[0]: particle for particle in Particle}

# The Korean reading of a digit's last sound: 영 일 이 삼 사 오 육 칠 팔 구 → final consonant, ㄹ, or none.
# A number ending in 0 reads 영, 십, 백, 천 or 만: closed, never ㄹ.
_DIGIT_FINAL = {"0": "ㅇ", "1": "ㄹ", "2": "", "3": "ㅁ", "4": "", "5": "", "6": "ㄱ", "7": "ㄹ", "8": "ㄹ",
                "9": ""}
# A Latin letter's name read in Korean: 엘 엠 엔 알 end in a consonant, the others (에이, 비, 케이 …) in a vowel.
_LETTER_FINAL = {"l": "ㄹ", "m": "ㅁ", "n": "ㄴ", "r": "ㄹ"}
_VOWELS = set("aeiou")
_HANGUL_FIRST, _HANGUL_LAST = 0xAC00, 0xD7A3
_HANGUL_RIEUL = 8  # ㄹ's index among the 28 finals (0 is none)


def _hangul_final(syllable: str) -> str:
    """'ㄹ' for a syllable ending in ㄹ, another non-empty mark for another final consonant, '' for none."""
    final = (ord(syllable) - _HANGUL_FIRST) % 28
    return "" if final == 0 else "ㄹ" if final == _HANGUL_RIEUL else "C"


def _latin_final(word: str) -> str:
    """A Latin word's last sound: letter names for one letter or an upper-case ending (X 엑스, FFN 엔), English
    sounds otherwise (model 모델, attention 어텐션, mask 마스크, input 인풋, layer 레이어)."""
    last = word[-1]
    if len(word) == 1 or last.isupper():
        return _LETTER_FINAL.get(last.lower(), "")
    lower = word.lower()
    if lower.endswith("l"):
        return "ㄹ"
    if lower[-1] in "mn" or lower.endswith("ng"):
        return "C"
    short_vowel_stop = (lower[-1] in "ptk" and lower[-2] in _VOWELS
                        and (len(lower) == 2 or lower[-3] not in _VOWELS))
    return "C" if short_vowel_stop or lower.endswith("ck") else ""


def final_sound(word: str) -> str:
    """'' when `word` is read ending in a vowel, 'ㄹ' when in ㄹ, another mark for any other final consonant;
    judged on its last word-like part (``mask[0]`` reads 영, ```x``` reads 엑스)."""
    stripped = word.rstrip(" `'\"*)]}>")
    if not stripped:
        return ""
    last = stripped[-1]
    if _HANGUL_FIRST <= ord(last) <= _HANGUL_LAST:
        return _hangul_final(last)
    if last.isdigit():
        return _DIGIT_FINAL[last]
    if last.isascii() and last.isalpha():
        letters = stripped[len(stripped.rstrip(string.ascii_letters)):]
        return _latin_final(letters)
    return ""


def particle_for(word: str, particle: Particle) -> str:
    """The form of `particle` that follows `word` (은 or 는 …)."""
    final = final_sound(word)
    after_consonant, after_vowel = particle.value
    if particle is Particle.TOWARD and final == "ㄹ":
        return after_vowel
    return after_consonant if final else after_vowel


def attach(word: object, particle: Particle) -> str:
    """`word` with its particle attached: attach('d_k', Particle.SUBJECT) == 'd_k가'."""
    text = str(word)
    return text + particle_for(text, particle)


class _ParticleFormatter(string.Formatter):
    """str.format where a field's spec may be a particle's first form: '{name:을}' gives 'mask를'."""

    def format_field(self, value: object, format_spec: str) -> str:
        if format_spec in BY_SPELLING:
            return attach(value, BY_SPELLING[format_spec])
        return super().format_field(value, format_spec)


def fill(template: str, **fields: object) -> str:
    """`template`.format(**fields), a field written '{name:을}' (or 이, 은, 과, 으로) getting its particle."""
    return _ParticleFormatter().format(template, **fields)
