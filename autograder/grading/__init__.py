"""A grading run and its processes. In the `grade` command's process (the parent, the gradebook's
only writer): the plan, the pool, the Dask pool, the recorder, the run lock and the closing table. In
each worker process (forked by the pool, or spawned on a Dask worker): the worker, which autogrades one
submission at a time with nbgrader's Autograde. The messages between them are typed (messages.py).
Imports autograder.course and autograder.sandbox, nothing above.
"""
