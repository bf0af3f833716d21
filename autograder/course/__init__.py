"""What every command stands on, in whichever process runs it: the course (its root, nbgrader
configuration and folders, and run_converter for each nbgrader step), its notebooks, the gradebook,
the roster, the course secret, what root may trust (trust.py) and how it writes into folders
others own (placing.py), a submission's state and fingerprint, the static review scan, the verdicts read from an
autograded notebook, and the console's tables. Imports nothing else of autograder.
"""
