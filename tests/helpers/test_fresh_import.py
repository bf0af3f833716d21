"""helpers.fresh_import: what the in-kernel checks import is what is on disk, and compiling it costs once."""

from __future__ import annotations

import dataclasses
import sys

import pytest

from helpers import fresh_import


@pytest.fixture
def package(tmp_path, monkeypatch):
    """A package `freshpkg` of two modules on sys.path, its module `values` imported the usual way."""
    folder = tmp_path / "freshpkg"
    folder.mkdir()
    (folder / "__init__.py").write_text("")
    (folder / "values.py").write_text("from freshpkg import base\nVALUE = base.BASE + 1\n")
    (folder / "base.py").write_text("BASE = 1\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    import freshpkg.values  # noqa: F401 - the package's modules already loaded, as a kernel has them

    yield folder
    for module in [module for module in sys.modules if module.split(".")[0] == "freshpkg"]:
        del sys.modules[module]


def test_a_fresh_import_runs_the_files_as_they_are_now_and_ignores_what_was_planted_in_the_loaded_modules(package):
    sys.modules["freshpkg.base"].BASE = 99
    assert fresh_import.anew("freshpkg.values").VALUE == 2
    (package / "base.py").write_text("BASE = 10\n")
    assert fresh_import.anew("freshpkg.values").VALUE == 11


def test_the_modules_loaded_before_a_fresh_import_are_loaded_after_it(package):
    loaded = {name: sys.modules[name] for name in ("freshpkg", "freshpkg.values", "freshpkg.base")}
    fresh = fresh_import.anew("freshpkg.values")
    assert fresh is not loaded["freshpkg.values"]
    assert {name: sys.modules[name] for name in loaded} == loaded
    assert not any(isinstance(finder, fresh_import._PackageFromDisk) for finder in sys.meta_path)


def test_a_source_read_again_unchanged_is_not_compiled_again(package, monkeypatch):
    compiled = []
    original = fresh_import._CompiledOnce.source_to_code

    def counting(self, data, path, *args, **kwargs):
        compiled.append(path)
        return original(self, data, path, *args, **kwargs)

    monkeypatch.setattr(fresh_import._CompiledOnce, "source_to_code", counting)
    fresh_import.anew("freshpkg.values")
    assert len(compiled) == 3
    fresh_import.anew("freshpkg.values")
    assert len(compiled) == 3
    (package / "base.py").write_text("BASE = 5\n")
    fresh_import.anew("freshpkg.values")
    assert [path.rsplit("/", 1)[1] for path in compiled[3:]] == ["base.py"]


def test_a_module_kept_is_shared_with_the_fresh_import_and_the_rest_is_new(package):
    (package / "memo.py").write_text("SEEN = []\n")
    (package / "values.py").write_text("from freshpkg import base, memo\nmemo.SEEN.append(base.BASE)\n")
    fresh_import.anew("freshpkg.values", keep=frozenset({"freshpkg.memo"}))
    fresh = fresh_import.anew("freshpkg.values", keep=frozenset({"freshpkg.memo"}))
    assert fresh.memo is sys.modules["freshpkg.memo"] and fresh.memo.SEEN == [1, 1]
    assert fresh.base is not sys.modules["freshpkg.base"]


def test_the_methods_a_dataclass_generates_are_compiled_once_and_behave_as_dataclasses_makes_them(package):
    (package / "values.py").write_text(
        "from __future__ import annotations\nimport dataclasses\n\n\n@dataclasses.dataclass(frozen=True)\n"
        "class Point:\n    x: int\n    y: int = 2\n")
    before = len(fresh_import._GENERATED)
    first = fresh_import.anew("freshpkg.values").Point
    compiled = dict(fresh_import._GENERATED)
    again = fresh_import.anew("freshpkg.values").Point
    assert len(compiled) > before and fresh_import._GENERATED == compiled and again is not first
    assert again(1) == again(1, 2) != again(3) and repr(again(1)) == "Point(x=1, y=2)"
    assert again.__init__.__annotations__ == {"x": "int", "y": "int", "return": None}  # as dataclasses writes them
    with pytest.raises(dataclasses.FrozenInstanceError):
        again(1).x = 5


def test_dataclasses_compiles_as_usual_again_after_a_fresh_import_even_one_that_failed(package):
    (package / "values.py").write_text("raise RuntimeError('broken')\n")
    with pytest.raises(RuntimeError, match="broken"):
        fresh_import.anew("freshpkg.values")
    assert "exec" not in vars(dataclasses)
