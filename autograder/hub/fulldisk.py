"""The students' Lab says, in Korean, that her disk limit is used up (autograder/hub/disks.py) when a save fails
for it, instead of Jupyter's "Unexpected error while saving file … [Errno 28]".

Runs in the students' environment, copied there as course_fulldisk.py by ``hub start`` (server.py) and named as
their server's contents manager (jupyterhub_config.py); it imports nothing of this repository.
"""

from __future__ import annotations

import errno
import sqlite3

from jupyter_server.services.contents.largefilemanager import AsyncLargeFileManager
from tornado import web

FULL = {errno.ENOSPC, errno.EDQUOT}  # the image way fills up; the quota way runs out
INSUFFICIENT_STORAGE = 507
MESSAGE = ("저장하지 못했습니다: 내 홈 폴더의 디스크 한도를 다 썼습니다. 필요 없는 큰 파일(데이터, 출력, "
           ".ipynb_checkpoints의 옛 사본)을 지운 뒤 다시 저장하세요. 지금 편집 중인 내용은 이 창에 그대로 있고, 다른 "
           "학생의 저장과 제출에는 영향이 없습니다.")


def disk_full(error: BaseException | None) -> bool:
    """Whether `error` or an error that caused it is a full disk or an exceeded quota."""
    while error is not None:
        if isinstance(error, OSError) and error.errno in FULL:
            return True
        if isinstance(error, sqlite3.Error) and getattr(error, "sqlite_errorcode", None) == sqlite3.SQLITE_FULL:
            return True  # the notebook signatures' database (~/.local/share/jupyter) could not grow
        error = error.__cause__ or error.__context__
    return False


class FullDiskContentsManager(AsyncLargeFileManager):
    """Jupyter Server's own contents manager; a save that fails because her disk is full gets MESSAGE (507)."""

    async def save(self, model, path=""):
        try:
            return await super().save(model, path)
        except web.HTTPError as error:
            if disk_full(error):
                raise web.HTTPError(INSUFFICIENT_STORAGE, MESSAGE) from error
            raise
