"""Who may do what on a course's JupyterHub: its roles, in one place for both configurations that start a hub for
the course (jupyterhub_config.py of ``course-grader hub start``, and deploy/z2jh-values.yaml for Zero to
JupyterHub, which tests/test_deploy.py checks against these).

Nobody is the hub's admin: instructors get a role of their own (their students' servers to start, stop and open,
the admin page, the formgrader), never a token in another's name or a student moved between groups (the threat table
of autograder/README.md says why)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Role:
    """One of JupyterHub's roles: its scopes, and the groups and users that hold it."""

    name: str
    scopes: tuple[str, ...] = ()
    groups: tuple[str, ...] = ()
    users: tuple[str, ...] = ()

    def as_load_role(self) -> dict:
        """The role as an entry of ``JupyterHub.load_roles`` (a default role without scopes keeps JupyterHub's)."""
        entry: dict = {"name": self.name}
        if self.scopes:
            entry["scopes"] = list(self.scopes)
        if self.groups:
            entry["groups"] = list(self.groups)
        if self.name == "admin" or self.users:
            entry["users"] = list(self.users)
        return entry


def formgraders_group(course: str) -> str:
    """The group whose members use the course's formgrader service (nbgrader's name for it)."""
    return f"formgrade-{course}"


def students_group(course: str) -> str:
    """The group of the course's students (nbgrader's name for it)."""
    return f"nbgrader-{course}"


def course_roles(course: str, instructors: list[str]) -> list[Role]:
    """The roles of a hub for `course` (its formgrader service is named `course`) taught by `instructors`."""
    formgraders, students = formgraders_group(course), students_group(course)
    return [
        Role(formgraders, (f"access:services!service={course}", "list:services", f"read:services!service={course}"),
             groups=(formgraders,)),
        Role(students, ("list:services", f"read:services!service={course}"), groups=(students,)),
        Role("server", ("inherit",)),  # the course list in a student's server asks the hub which courses she has
        Role("admin"),  # nobody (an earlier start's admins lose it)
        Role(f"instructors-{course}", ("admin-ui", "list:users", "read:users", f"servers!group={students}",
                                       f"access:servers!group={students}"), users=tuple(instructors)),
    ]
