"""Dou Dizhu engine, exact solvers, agents and arena of the ddz project, with an environment that
RLCard's code runs on (ddz.make / ddz.Env(compat="rlcard")). docs/python.md describes it."""
# The compiled module is ddz._ddz; this package re-exports it and, when installed with pip, points
# the agents at the shipped network installed beside it (ddz/pretrained/agent.ddz) unless
# DDZ_PRETRAINED already names a file.
import os as _os

_SHIPPED = _os.path.join(_os.path.dirname(__file__), "pretrained", "agent.ddz")
if _os.path.isfile(_SHIPPED) and not _os.environ.get("DDZ_PRETRAINED"):
    _os.environ["DDZ_PRETRAINED"] = _SHIPPED

from ddz._ddz import *  # noqa: E402,F401,F403
from ddz._ddz import __doc__  # noqa: E402,F401
