"""The class server: JupyterHub on one machine for a whole class (``course-grader hub``). server.py
runs in the instructor's command; jupyterhub_config.py is read by the JupyterHub process it starts, and with
it accounts.py (one-time login codes, passwords) and spawner.py (a control group per student's server);
formgrader.py is copied by ``hub start`` into the formgrader service's environment and runs there (it refuses
the formgrader's unsandboxed Autograde and shows a submission as data); exchange.py is copied into the
students' environment and runs in every process that uses nbgrader's exchange there (students' servers, the
formgrader, ``hub collect``): it collects only what the named student's account made.
Imports autograder.course and autograder.sandbox, nothing above.
"""
