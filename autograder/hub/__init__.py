"""The class server: JupyterHub on one machine for a whole class (``course-grader hub``). server.py
runs in the instructor's command; jupyterhub_config.py is read by the JupyterHub process it starts.
Imports autograder.course, nothing above.
"""
