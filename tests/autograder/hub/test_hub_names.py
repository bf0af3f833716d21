"""`hub start` writes the roster's names into a shared gradebook, so the formgrader lists them beside the ids."""

from __future__ import annotations

from nbgrader.api import Gradebook

from autograder.hub.server import roster_names_to_gradebook


def test_hub_start_gives_the_shared_gradebook_the_rosters_names(postgres, tmp_path):
    url = postgres.create_database("hub_names")
    try:
        roster = tmp_path / "roster.csv"
        roster.write_text("학번,이름\n2026100001,김하나\n2026100002,\n", encoding="utf-8")
        roster_names_to_gradebook(url, roster)
        with Gradebook(url) as gradebook:
            named = {student.id: (student.last_name, student.first_name) for student in gradebook.students}
        assert named == {"2026100001": ("김", "하나")}  # a roster line without a name adds nobody
    finally:
        postgres.drop_database("hub_names")
