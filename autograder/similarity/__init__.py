"""The similarity review (`course-grader similarity ASSIGNMENT`): which pairs of submissions are alike enough to be
worth a look, and why. Instructor-only; a review to make, never a verdict. Everything runs in the process of the
instructor's command, after grading (it reads the diagnosis codes grading recorded, and runs no student code).

    code.py     what each student wrote (their solution cells) and what every student was given (boilerplate)
    scoring.py  fingerprints (copydetect's k-grams over three views of the code) and the evidence of each pair
    result.py   what a review found (pairs, their evidence, what was left out)
    page.py     the HTML page: the table of pairs and each pair side by side, student code escaped
    review.py   the command: read, score, rank, write reports/<assignment>/similarity.html
"""
