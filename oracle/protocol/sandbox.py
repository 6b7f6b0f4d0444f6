"""Run an adapter isolated from the grader, with bubblewrap (``bwrap``).

Why: an adapter is untrusted code that runs while its own results are written. Run
with the grader's privileges it can find the results stream (the pytest command line
names it, readable from ``/proc/PID/cmdline`` of its parents) and rewrite every record
to ``pass`` before the reports are built: a forged certificate. Inside the sandbox it
sees the filesystem read-only but for a scratch folder of its own (made for each start,
writable, its working directory, HOME and TMPDIR, removed when it ends), a
PID namespace of its own (no grader processes, no command lines), no network, no
capabilities, and an environment cleared down to a short allow-list without any path
of the grader's (docs/certify.md, "Isolation").

Modes: ``auto`` isolates when bubblewrap works here and otherwise runs unisolated and
says why; ``yes`` requires isolation (``SandboxUnavailable`` when it cannot be had);
``no`` never isolates.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import tempfile
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, Final

from oracle.games import PLUGINS_ENV

MODES: Final[tuple[str, ...]] = ("auto", "yes", "no")

#: What an isolated adapter may inherit from the grader's environment (when set).
PASS_ENV: Final[tuple[str, ...]] = (
    "PATH", "LANG", "LC_ALL", "LC_CTYPE", "TERM", "PYTHONPATH", "PYTHONHASHSEED", PLUGINS_ENV,
    "JAVA_HOME", "CARGO_HOME", "RUSTUP_HOME", "NODE_PATH", "GOROOT", "GOPATH")
#: Passed variables that are lists of paths: their relative entries are made absolute.
PATH_LISTS: Final[frozenset[str]] = frozenset({"PATH", "PYTHONPATH", "NODE_PATH"})
#: where each start's scratch folder is made (on the host; bound writable inside). Not a
#: tmpfs over /tmp: the project, its virtual environment or the adapter may live there.
SCRATCH_PREFIX: Final = "railrules-adapter-"
#: Characters that make a command line more than words: such a command runs unchanged.
SHELL_SYNTAX: Final = frozenset("$`|&;<>()*?[]{}~!#\n\\")
#: Seconds the availability probe may take.
PROBE_TIMEOUT: Final = 10.0


class SandboxUnavailable(RuntimeError):
    """Isolation was required (``yes``) but cannot be had on this machine."""


@dataclass(frozen=True, slots=True)
class Isolation:
    """How adapters are started: what the handshake's ``isolation`` reports."""

    isolated: bool
    method: str  # "bwrap" or "none"
    reason: str

    def as_json(self) -> dict[str, Any]:
        return {"isolated": self.isolated, "method": self.method, "reason": self.reason}


ISOLATED_REASON: Final = ("bubblewrap: read-only filesystem, a private scratch folder, own PID "
                          "namespace, no network, no capabilities, cleared environment")


@cache
def available() -> tuple[bool, str]:
    """Whether bubblewrap works here (on PATH, and a trial sandbox runs ``true``), and
    why not when it does not (user namespaces may be forbidden). Probed once a process."""
    if shutil.which("bwrap") is None:
        return False, "bwrap is not installed (Debian package bubblewrap)"
    scratch = make_scratch()
    argv, env = wrap("true", cwd=scratch, environ={"PATH": os.defpath}, scratch=scratch)
    try:
        done = subprocess.run(argv, env=env, stdin=subprocess.DEVNULL,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                              timeout=PROBE_TIMEOUT, check=False)
    except (OSError, subprocess.SubprocessError) as err:
        return False, f"bwrap cannot run: {err}"
    finally:
        remove_scratch(scratch)
    if done.returncode != 0:
        why = done.stderr.decode("utf-8", "replace").strip().splitlines()
        return False, f"bwrap cannot make a sandbox here: {why[-1] if why else done.returncode}"
    return True, ""


def choose(mode: str) -> Isolation:
    """The isolation a mode gets on this machine."""
    if mode not in MODES:
        raise ValueError(f"isolation mode {mode!r} is not one of {', '.join(MODES)}")
    if mode == "no":
        return Isolation(False, "none", "isolation turned off (--isolate no)")
    works, why = available()
    if works:
        return Isolation(True, "bwrap", ISOLATED_REASON)
    if mode == "yes":
        raise SandboxUnavailable(f"isolation required but no working sandbox: {why}")
    return Isolation(False, "none", f"no working sandbox: {why}")


def absolute_paths(command: str, cwd: str) -> str:
    """``command`` with every word that names an existing file or directory relative to
    ``cwd`` made absolute, since the sandbox's working directory is its own /tmp. The
    command's name itself (a first word without a slash) is looked up on PATH and left
    alone. A command with shell syntax (quotes aside), or one shlex cannot parse, is
    returned unchanged, as is one with nothing to rewrite."""
    if SHELL_SYNTAX & set(command):
        return command
    try:
        words = shlex.split(command)
    except ValueError:
        return command
    changed = False
    for i, word in enumerate(words):
        if not word or os.path.isabs(word) or (i == 0 and "/" not in word):
            continue
        target = os.path.join(cwd, word)
        if os.path.exists(target):
            words[i] = os.path.abspath(target)
            changed = True
    return shlex.join(words) if changed else command


def _names_grader_path(value: str, grader_paths: Iterable[str]) -> bool:
    return any(path and path in value for path in grader_paths)


def make_scratch() -> str:
    """A new, empty scratch folder for one start of an adapter."""
    return tempfile.mkdtemp(prefix=SCRATCH_PREFIX)


def remove_scratch(scratch: str) -> None:
    shutil.rmtree(scratch, ignore_errors=True)


def sandbox_env(environ: Mapping[str, str], cwd: str,
                grader_paths: Sequence[str] = (), scratch: str = "/tmp") -> dict[str, str]:
    """The adapter's whole environment: the allow-list's variables that are set, minus any
    whose value contains a grader path, with HOME and TMPDIR its scratch folder."""
    paths = [p for given in grader_paths if given
             for p in {given, os.path.abspath(os.path.join(cwd, given))}]
    env: dict[str, str] = {}
    for name in PASS_ENV:
        value = environ.get(name)
        if value is None:
            continue
        if name in PATH_LISTS:
            value = os.pathsep.join(
                os.path.abspath(os.path.join(cwd, entry)) if entry and not os.path.isabs(entry)
                else entry for entry in value.split(os.pathsep))
        if _names_grader_path(value, paths):
            continue
        env[name] = value
    env["HOME"] = scratch
    env["TMPDIR"] = scratch
    return env


def wrap(command: str, *, scratch: str, cwd: str | None = None,
         grader_paths: Sequence[str] = (),
         environ: Mapping[str, str] | None = None) -> tuple[list[str], dict[str, str]]:
    """(argv, environment) that run the shell command line ``command`` in the sandbox,
    with ``scratch`` (``make_scratch``) its one writable folder and working directory.
    The environment is bwrap's own too, so nothing of the grader's shows through
    /proc/1/environ inside (bwrap itself is the sandbox's process 1)."""
    here = cwd or os.getcwd()
    env = sandbox_env(os.environ if environ is None else environ, here, grader_paths,
                      scratch)
    argv = [shutil.which("bwrap") or "bwrap",
            "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc",
            "--bind", scratch, scratch, "--unshare-all", "--die-with-parent",
            "--new-session", "--cap-drop", "ALL", "--chdir", scratch, "--clearenv"]
    for name, value in env.items():
        argv += ["--setenv", name, value]
    argv += ["--", "/bin/sh", "-c", absolute_paths(command, here)]
    return argv, env
