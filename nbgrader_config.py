"""nbgrader configuration of the course. Every nbgrader command run from the repository root
(and the autograder, which drives nbgrader's own apps) reads this file."""

c = get_config()  # noqa: F821 - provided by nbgrader when it loads this file

# ---------------------------------------------------------------- the course and its folders
c.CourseDirectory.course_id = "attention-ch3"
c.CourseDirectory.root = "."
c.CourseDirectory.source_directory = "source"
c.CourseDirectory.release_directory = "release"
c.CourseDirectory.submitted_directory = "submitted"
c.CourseDirectory.autograded_directory = "autograded"
c.CourseDirectory.feedback_directory = "feedback"

# ---------------------------------------------------------------- student versions
c.ClearSolutions.code_stub = {"python": "# 여기에 코드를 작성하세요\nraise NotImplementedError()"}
c.ClearSolutions.text_stub = "여기에 답을 쓰세요"
c.GenerateAssignment.create_assignment = True

# ---------------------------------------------------------------- executing submissions
c.Execute.timeout = 120  # seconds per cell; a hung cell fails, the notebook goes on
c.Execute.interrupt_on_timeout = True
c.LimitOutput.max_lines = 200  # a million printed lines cost the student, not the gradebook
c.LimitOutput.max_traceback = 60

# ---------------------------------------------------------------- honest grading
# Locked test cells are restored from the gradebook, and a deleted graded cell is added back.
c.OverwriteCells.add_missing_cells = True
# nbgrader zeroes a test cell that writes anything to stderr. A warning printed by a correct
# answer must not cost points: drop stderr streams before grades are determined. Failures are
# exceptions (output_type "error"), which this does not touch.
c.IgnorePattern.enabled = True
c.IgnorePattern.pattern = r"[\s\S]"

# What a failed exercise earns (autograder/README.md, 부분 점수): "all_or_nothing" (nothing, as stock nbgrader),
# "by_diagnosis" (a failure the misconception catalogue names keeps that entry's credit), or "per_check" (the shares
# of the exercise's checks, named in its text, whose every case the answer got right). Decided by course-grader's
# checker outside the student's kernel; Validate shows the checks but grades all or nothing, as stock nbgrader does.
c.CheckedExecute.credit_rule = "all_or_nothing"
