"""What one certify run is, decided before it starts: the implementation's handshake,
the report folder it names, the selection that makes a run partial, and the run record
(``run.json``) that ``--resume`` checks (docs/certify.md, "Resuming", "Report folders").
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
from pathlib import Path
from typing import Any

from oracle.harness.reports.coverage import Scope
from oracle.protocol.lifetime import DEFAULT_MEMORY_MIB

#: what a run is, written before it starts: ``--resume`` checks it (``resume_problem``)
RUN_FILE = "run.json"


def slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]+", "-", text).strip("-.")[:60] or "implementation"


def handshake(spec: str, args: argparse.Namespace) -> dict[str, Any]:
    """The implementation's handshake, asked once before the run (for the report folder,
    the run's record and ``--resume``); an adapter that cannot answer gets a stand-in
    naming the error (its scenarios then say the rest)."""
    if spec in ("", "oracle"):
        from oracle.protocol.inprocess import InProcess
        return {**InProcess().hello(), "isolation": {
            "isolated": False, "method": "in-process", "reason": "the built-in oracle"}}
    from oracle.harness.serve_mutant import resolve_spec
    from oracle.protocol.factory import make_implementation
    from oracle.protocol.implementation import ImplementationOutcome
    from oracle.protocol.reply_reading import not_a_handshake
    client = make_implementation(resolve_spec(spec), **client_options(args, restarts=0))
    try:
        return dict(client.hello())
    except ImplementationOutcome as err:
        why = not_a_handshake(err)
        if why is not None:
            raise NotAnAdapter(f"--impl {spec!r}: {why}") from None
        return {"name": spec.split()[-1].rsplit("/", 1)[-1] if spec.split() else "adapter",
                "version": "", "error": f"{err.outcome}: {err.message}"[:500]}
    finally:
        client.close()


class NotAnAdapter(ValueError):
    """The command answers the handshake with something that is no handshake reply
    (``cat``, a shell): a bad command line, refused before anything runs. An adapter
    that dies or hangs on starting is one with a bug, graded ``crash``/``timeout``."""


def client_options(args: argparse.Namespace, restarts: int | None = None) -> dict[str, Any]:
    """What the pre-run handshake's client shares with the run's."""
    options: dict[str, Any] = {"timeout": args.timeout, "max_reply_bytes": args.max_reply,
                               "max_restarts": args.restarts if restarts is None else restarts}
    isolate = getattr(args, "isolate", None)
    if isolate is not None:
        options["isolate"] = isolate
    options["memory_mib"] = getattr(args, "adapter_memory", DEFAULT_MEMORY_MIB)
    logs = getattr(args, "log_exchanges", None)
    if logs:  # the pre-run handshake is logged too: it is all there is when it fails
        from oracle.protocol.exchange_log import ExchangeLog
        options["exchange_log"] = ExchangeLog(Path(logs))
    return options


def implementation_name(spec: str, args: argparse.Namespace,
                        hello: dict[str, Any] | None = None) -> str:
    """The report folder: --name, else one named by the handshake and by the command.
    The command's hash is part of the name, so two engines that give the same name in
    their handshakes never share a folder (nor overwrite or resume each other's)."""
    if args.name:
        return slug(args.name)
    if spec in ("", "oracle"):
        return "railrules-oracle"
    if spec.startswith("mutant:"):
        return slug("mutant-" + spec.removeprefix("mutant:"))
    hello = hello if hello is not None else handshake(spec, args)
    digest = hashlib.sha256(spec.encode("utf-8", "surrogatepass")).hexdigest()[:8]
    return f"{slug(str(hello.get('name') or 'adapter'))[:50]}-{digest}"


def selection_of(args: argparse.Namespace) -> dict[str, Any] | None:
    """What a run was narrowed to beyond its scope (None: the whole scope ran). A
    selection makes the run partial: it certifies nothing."""
    chosen: dict[str, Any] = {}
    if args.keyword:
        chosen["keyword"] = args.keyword
    if args.ruling:
        chosen["rulings"] = words(args.ruling)
    if args.scenario:
        chosen["scenarios"] = words(args.scenario)
    return chosen or None


def words(given: list[str]) -> list[str]:
    return [w.strip() for g in given for w in g.split(",") if w.strip()]


def run_record(args: argparse.Namespace, hello: dict[str, Any], suite: dict[str, Any],
               scope: Scope, selection: dict[str, Any] | None) -> dict[str, Any]:
    """What a run is (run.json): ``--resume`` continues only the very same run."""
    return {
        "command": args.impl,
        "implementation": {"name": str(hello.get("name", "")),
                           "version": str(hello.get("version", ""))},
        "suite_hash": suite["hash"],
        "games": suite["games"],
        "scope": {"words": list(scope.words), "rulings": list(scope.rulings)},
        "selection": selection,
        "options": {"timeout": args.timeout, "restarts": args.restarts,
                    "max_reply": args.max_reply,
                    "isolate": getattr(args, "isolate", "auto"),
                    "adapter_memory": getattr(args, "adapter_memory", DEFAULT_MEMORY_MIB)},
    }


def resume_problem(out: Path, record: dict[str, Any]) -> str | None:
    """Why the results in ``out`` cannot be continued by this run, or None."""
    path = out / RUN_FILE
    try:
        earlier = json.loads(path.read_text("utf-8"))
    except FileNotFoundError:
        return f"nothing to resume: {path} does not exist"
    except (OSError, ValueError) as err:
        return f"nothing to resume: {path} is unreadable ({err})"
    if not isinstance(earlier, dict):
        return f"nothing to resume: {path} is not a JSON object"
    differ = [key for key in record if earlier.get(key) != record[key]]
    if not differ:
        return None
    shown = "; ".join(f"{k}: was {_brief(earlier.get(k))}, now {_brief(record[k])}"
                      for k in differ)
    return f"the earlier run in {out} differs in {', '.join(differ)} ({shown})"


def _brief(value: Any) -> str:
    text = json.dumps(value, sort_keys=True)
    return text if len(text) <= 120 else text[:117] + "..."
