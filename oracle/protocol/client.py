"""The harness side of the protocol: an Implementation that talks to an adapter.

Robustness (docs/protocol.md, "What the harness does"):

* every reply has a time limit and a size limit, is parsed as JSON, must echo
  the request's ``seq`` and must match the protocol schema;
* a dead, hung or desynchronized adapter is killed; the next request starts a
  new one and replays the handshake (the interface is stateless, so that is all
  the setup there is), at most ``max_restarts`` times, after which every request
  fails fast as a crash;
* requests for a game or option value the handshake did not declare, and requests that
  touch a gap it declares (``games[].gaps``: an action type, a query, a command), are
  answered ``Unsupported`` without being sent: a declared gap;
* an ``unsupported`` or ``skipped`` reply is a gap no declaration covers, chosen request
  by request (``UndeclaredGap``): it withholds the certificate (docs/certify.md);
* a request may go before the last one's reply is read (the fuzz lockstep's
  ``--send-ahead``, to an adapter declaring ``pipelining``): replies are read in the
  order their requests went, each kept until its own reader asks, and a reply nobody
  will read (``abandon``) is read and dropped before the next request goes.
"""

from __future__ import annotations

import contextlib
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from oracle.core import wire_json
from oracle.core.made import as_json
from oracle.core.wire_json import Written
from oracle.protocol.declarations import Declarations, position_options
from oracle.protocol.exchange_log import ExchangeLog
from oracle.protocol.expected import Agreed
from oracle.protocol.implementation import (
    INSPECT_FEATURE,
    INSPECT_QUESTIONS,
    JSON,
    QUESTIONS,
    Answers,
    Crashed,
    Implementation,
    ImplementationOutcome,
    Malformed,
    TimedOut,
    Verdict,
)
from oracle.protocol.lifetime import DEFAULT_MEMORY_MIB
from oracle.protocol.messages import DIGEST_PARTS, PROTOCOL_VERSION, reply_problem
from oracle.protocol.position_refs import (
    PIPELINING_FEATURE,
    POSITION_REFS_FEATURE,
    Referrer,
)
from oracle.protocol.reply_reading import (
    ANSWERS,
    CHECKED_QUESTIONS,
    accepted,
    checked_answer,
    digest_answer,
    reply_outcome,
    suite_info,
)
from oracle.protocol.sandbox import Isolation
from oracle.protocol.sandbox import choose as choose_isolation
from oracle.protocol.transport import AdapterProcess


class ProtocolClient(Implementation):
    """Runs ``command`` (a shell command line) and speaks the protocol with it: v2, or
    v1 with an adapter that answers v1."""

    #: check what the adapter hands back (positions, legal actions) with the game's own
    #: checks (``ReplyChecks``; docs/protocol.md, "Validation"); a caller may switch it
    #: off on one instance (``client.check_replies = False``), never silently per reply
    check_replies: bool = True
    #: with ``check_replies``, check each legal action too; the fuzz lockstep switches it
    #: off where it compares them, exactly, with the reference oracle's (lockstep.py)
    check_actions: bool = True
    #: a position the reference oracle itself made for the ``apply`` whose reply is read
    #: next (the fuzz lockstep sets it, lockstep.py): a position handed back that is the
    #: very same value, types exact (``same_json``), passed the game's checks as the
    #: oracle's own, so it is not checked again; any other position is checked
    reference_position: JSON | None = None
    #: ask each ``inspect`` with ``digests`` (the fuzz lockstep switches it on for a
    #: side whose handshake declares the feature, lockstep_sides.py): an accepted
    #: action's position and the legal actions come back as ``Digest`` answers
    digests: bool = False

    def __init__(self, command: str, *, timeout: float = 5.0, start_timeout: float = 15.0,
                 max_restarts: int = 3, max_reply_bytes: int = 16 << 20,
                 validate: bool = True, cwd: str | None = None,
                 exit_grace: float = 1.0, isolate: str = "auto",
                 grader_paths: Sequence[str] = (),
                 memory_mib: int = DEFAULT_MEMORY_MIB,
                 exchange_log: ExchangeLog | None = None) -> None:
        """``isolate``: ``auto``, ``yes`` or ``no``, whether the adapter runs in the
        sandbox (oracle.protocol.sandbox; ``yes`` raises ``SandboxUnavailable`` here when
        it cannot); ``grader_paths`` (the results file, the report folder) are kept out
        of the sandbox's environment; ``memory_mib`` bounds the adapter's address space
        (RLIMIT_AS, 0: no bound; oracle.protocol.lifetime); ``exchange_log``: where
        every request, reply and failure is written down (``--log-exchanges``)."""
        self.command = command
        self.memory_mib = memory_mib
        self.exchange_log = exchange_log
        #: how every start of the adapter is isolated (the handshake reports it)
        self.isolation: Isolation = choose_isolation(isolate)
        self.grader_paths = tuple(grader_paths)
        self.timeout = timeout
        self.start_timeout = start_timeout
        self.max_restarts = max_restarts
        self.max_reply_bytes = max_reply_bytes
        self.validate = validate
        self.cwd = cwd
        #: seconds ``close`` waits for the adapter to exit after ``stop`` before killing it
        self.exit_grace = exit_grace
        self.starts = 0
        #: starts that do not count against ``max_restarts``: a process that died on a
        #: request the harness sent ahead and then did not need (``abandon``)
        self._free_starts = 0
        self._proc: AdapterProcess | None = None
        self._seq = 0
        #: requests sent to the running process whose replies are not read yet, in the
        #: order sent (the adapter answers in that order); replies read on the way to a
        #: later one, kept until their own reader asks; requests nobody will read
        self._outstanding: deque[int] = deque()
        self._early: dict[int, bytes] = {}
        #: replies known before they come (``expect``): their bytes and their answers
        self._expected: dict[int, tuple[bytes, Answers, tuple[Any, str] | None]] = {}
        #: the failure met reading a reply early (``collect``), or sending a request held
        #: (``release``), raised where its reply is read
        self._failed: dict[int, Crashed | TimedOut] = {}
        #: requests written but held, unsent (``hold``): their seq, line and time limit
        self._held: list[tuple[AdapterProcess, int, bytes, float]] | None = None
        self._abandoned: set[int] = set()
        self._hello: JSON | None = None
        #: the handshake its ``features`` were read from, and those of them that are names
        self._features: tuple[JSON | None, frozenset[str]] = (None, frozenset())
        #: what the (first) handshake declares: games, option values, gaps
        self._decl: Declarations | None = None
        #: the game and option values ``_declared`` last found declared
        self._declared_last: tuple[str, dict[str, Any] | None] | None = None
        self._last_failure = ""
        #: which position the adapter holds, to be named by reference (the fuzz lockstep
        #: says, ``refs.refer``); used only where the handshake declares ``position_refs``
        self.refs = Referrer()
        #: the ``seq`` of the last inspect sent that applies an action (None: it was not
        #: sent); and, set by the fuzz lockstep for the next ``start_inspect``, the seq of
        #: the inspect whose position it is about, sent ahead (``position_of``)
        self.last_inspect: int | None = None
        self.ahead_of: int | None = None
        self._spin = 0.0

    @property
    def spin(self) -> float:
        """Seconds each wait for a reply asks the pipe without sleeping first
        (oracle/protocol/polling.py; 0, the default: sleep at once). The fuzz lockstep
        sets it while a game lasts (``Lockstep.polls``)."""
        return self._spin

    @spin.setter
    def spin(self, seconds: float) -> None:
        self._spin = seconds
        if self._proc is not None:
            self._proc.spin = seconds

    # -- process lifecycle -------------------------------------------------------------

    @property
    def restarts(self) -> int:
        return max(0, self.starts - 1)

    @property
    def pid(self) -> int | None:
        """The started command's process id while it runs (None before the first request
        and after ``close``): the bench reads the served side's CPU time from it."""
        return self._proc.pid if self._proc is not None and self._proc.alive() else None

    def reset_starts(self) -> None:
        """Count starts from none again (the shrinker's replays each meet a live engine:
        oracle.harness.fuzz_shrink.revive)."""
        self.starts = self._free_starts = 0

    def _ensure(self) -> AdapterProcess:
        if self._held is not None and self._proc is not None:
            # never started again while a request is held: a reply not read yet is still
            # due from this process (the lockstep drops what it held where the process
            # stopped, ``running``, and starts the step anew, as without holding)
            return self._proc
        if self._abandoned:
            self._settle()
        if self._proc is not None and self.running():
            return self._proc
        if self._proc is not None:
            self._drop()
        if self.starts - self._free_starts > self.max_restarts:
            raise Crashed(f"gave up on the adapter after {self.restarts} restarts; "
                          f"last failure: {self._last_failure}")
        self.starts += 1
        self._proc = AdapterProcess(self.command, self.max_reply_bytes, self.cwd,
                                    self.isolation, self.grader_paths, self.memory_mib,
                                    self.exchange_log)
        self._proc.spin = self._spin
        # Replaying the handshake is the whole setup: every later request carries its position.
        try:
            result = self._exchange(self._proc, {"cmd": "hello", "protocol": PROTOCOL_VERSION,
                                                 "suite": suite_info()}, self.start_timeout)
        except ImplementationOutcome:
            self._drop()  # no handshake, no adapter: the next request starts a new one
            raise
        if self._hello is None:
            self._hello = result
            features = result.get("features")
            listed = features if isinstance(features, list) else []
            self.refs.declared = POSITION_REFS_FEATURE in listed
            self.refs.pipelines = PIPELINING_FEATURE in listed
        return self._proc

    def _drop(self) -> None:
        if self._proc is not None:
            self._proc.kill()
            self._proc = None
        self._forget_outstanding()

    def _forget_outstanding(self) -> None:
        self._outstanding.clear()
        self._early.clear()
        self._expected.clear()
        self._failed.clear()
        self._abandoned.clear()

    # -- requests sent ahead (docs/fuzz.md, "Speed": the lockstep's next step) -----------

    def abandon(self) -> None:
        """No reply not read yet will be read: each is read before the next request
        goes (``_settle``) and thrown away unchecked. A request the harness sent ahead and
        then did not need costs the engine nothing, as a reference the adapter does not
        hold costs it nothing (position_refs.py): nothing in such a reply is graded, and
        a process that dies or hangs on it is started again without using a restart."""
        self._abandoned.update(self._outstanding)
        self._early.clear()
        self._failed.clear()
        self._expected.clear()

    def expect(self, seq: int, raw: bytes, answers: Answers,
               made: tuple[Any, str] | None = None) -> None:
        """The reply to the inspect ``seq``, where it comes as ``raw`` exactly (its line
        without the newline), gives ``answers`` without being read again
        (oracle/protocol/expected.py: the caller vouches that ``raw`` is a reply the
        schema takes and that ``answers`` is what reading it gives); and the adapter
        then holds ``made``'s position by its digest (``refs.refer``)."""
        if len(self._expected) >= 8:  # (one a step is read before the next is made)
            self._expected.clear()
        self._expected[seq] = (raw, answers, made)

    def collect(self, seq: int) -> bool:
        """Read the reply to request ``seq`` off the wire now, kept as it came for its
        reader (``_reply`` parses and checks it then): so the next request may go once
        the adapter has answered this one in full, and the harness parse and check that
        answer while the adapter works on the next (the fuzz lockstep's overlap,
        docs/fuzz.md). False where it is not read now: not sent to the running process,
        or the adapter failed or ran out of time on it, a failure then raised, and
        graded, where the reply is read, as it would have been."""
        if seq in self._early:
            return True
        proc = self._proc
        if proc is None or seq not in self._outstanding:
            return False
        try:
            self._early[seq] = self._receive(proc, seq, self.timeout)
        except (Crashed, TimedOut) as err:
            self._failed[seq] = err
            return False
        return True

    def _settle(self) -> None:
        """Read and drop the replies of abandoned requests (``abandon``)."""
        proc = self._proc
        try:
            while proc is not None and self._outstanding:
                seq = self._outstanding.popleft()
                raw = proc.receive(self.timeout)
                if seq not in self._abandoned:  # (none is: ``abandon`` takes them all)
                    self._early[seq] = raw
        except (Crashed, TimedOut):
            self._drop()  # started afresh by the next request, free (``abandon``)
            self._free_starts += 1
        self._abandoned.clear()

    def _receive(self, proc: AdapterProcess, seq: int, timeout: float) -> bytes:
        """The reply to request ``seq``: read already on the way to a later one, or
        the next lines (the replies of requests sent before it are kept meanwhile)."""
        early = self._early.pop(seq, None)
        if early is not None:
            return early
        failed = self._failed.pop(seq, None)
        if failed is not None:
            raise failed
        outstanding = self._outstanding if proc is self._proc else None
        while outstanding:
            first = outstanding.popleft()
            raw = proc.receive(timeout)
            if first == seq:
                return raw
            if first in self._abandoned:
                self._abandoned.discard(first)
            else:
                self._early[first] = raw
        return proc.receive(timeout)

    def _fail(self, outcome: ImplementationOutcome, kill: bool = True) -> ImplementationOutcome:
        self._last_failure = outcome.message
        if kill:
            self._drop()
        return outcome

    # -- one request, one reply ----------------------------------------------------------

    def _exchange(self, proc: AdapterProcess, request: JSON, timeout: float) -> JSON:
        return self._post(proc, request, timeout)()

    def _post(self, proc: AdapterProcess, request: JSON,
              timeout: float, digests: bool = False) -> Callable[[], JSON]:
        """Send ``request`` now; the returned call reads and checks its reply (the time
        limit counts from that call) and gives its result or raises its outcome."""
        cmd = request["cmd"]
        seq = self._seq
        self._seq += 1
        declines = False
        if self._decl is not None:
            self._decl.check_request(request)
            declines = self._decl.declines_positions(request)
        # (with replies still to come, output not asked for shows as a wrong ``seq``)
        stale = proc.pending() if not self._outstanding else b""
        if stale:
            raise self._fail(Crashed(f"unsolicited output before {cmd!r}: {stale[:200]!r}"))
        position = request.get("position")
        line = wire_json.dumps({**request, "seq": seq}) if type(position) is not Written \
            else wire_json.dumps_with({**{k: v for k, v in request.items()
                                          if k != "position"}, "seq": seq},
                                      "position", position)
        if self._held is not None and proc is self._proc:  # written now, sent at ``release``
            self._held.append((proc, seq, line + b"\n", timeout))
        else:
            try:
                proc.send(line + b"\n", timeout)
            except (Crashed, TimedOut) as err:
                raise self._fail(err) from None
            if proc is self._proc:
                self._outstanding.append(seq)
        return lambda: self._reply(proc, cmd, seq, timeout, declines, digests)

    # -- requests written ahead of their sending (the fuzz lockstep's overlap) -----------

    def hold(self) -> None:
        """Write the next requests to the running process without sending them, until
        ``release`` sends them or ``discard`` drops them: the lockstep writes the next
        step's request while the adapter still works on this one, and sends it the
        moment this one's reply has come (``collect``)."""
        self._held = []

    def release(self) -> None:
        """Send the requests held, in order. Output the adapter sent unasked (none is
        due: every reply sent before has been read off the wire) is a crash, as before
        any request; a crash, or a pipe full past the time limit, fails each request
        held, raised where its reply is read (``_receive``), as a failure to send it
        would have been raised where it was sent."""
        held, self._held = self._held, None
        if not held:
            return
        proc = self._proc
        failure: Crashed | TimedOut | None = None
        for to, *_ in held:  # (a loop: a generator costs a frame, a step's one request)
            if to is not proc:
                failure = Crashed("the adapter stopped before the request held went")
                break
        if failure is None and proc is not None and not self._outstanding:
            stale = proc.pending()
            if stale:
                failure = Crashed(f"unsolicited output before 'inspect': {stale[:200]!r}")
        # (the process is dropped where the failure is read, as ``_reply`` drops it: the
        # replies read off the wire before are still read as they came)
        for to, seq, line, timeout in held:
            if failure is None:
                try:
                    to.send(line, timeout)
                    self._outstanding.append(seq)
                    continue
                except (Crashed, TimedOut) as err:
                    failure = err
            self._failed[seq] = failure

    def discard(self) -> None:
        """Drop the requests held, unsent (their replies are never read)."""
        self._held = None

    def running(self) -> bool:
        """Whether the adapter's process is running."""
        return self._proc is not None and self._proc.alive()

    def _reply(self, proc: AdapterProcess, cmd: str, seq: int, timeout: float,
               declines: bool = False, digests: bool = False) -> JSON:
        """``declines``: the request carries a position its game may decline (the
        declared gap ``positions``); ``digests``: an inspect asked with digests."""
        try:
            raw = self._receive(proc, seq, timeout)
        except (Crashed, TimedOut) as err:
            raise self._fail(err) from None
        if self._expected:
            expected = self._expected.pop(seq, None)
            if expected is not None and raw == expected[0]:
                if expected[2] is not None:
                    self.refs.refer(*expected[2])
                return Agreed(expected[1])
        try:
            reply = wire_json.loads(raw)
        except ValueError:
            raise self._fail(Crashed(f"reply to {cmd!r} is not JSON: {raw[:200]!r}",
                                     {"stderr": proc.stderr_tail()})) from None
        if not isinstance(reply, dict) or reply.get("seq") != seq:
            got = reply.get("seq") if isinstance(reply, dict) else reply
            raise self._fail(Crashed(f"reply to {cmd!r} has seq {got!r}, expected {seq!r}"))
        if self.validate:
            bad = reply_problem(cmd, reply, digests)
            if bad is not None:
                raise self._fail(Crashed(f"reply to {cmd!r} breaks the protocol: {bad}",
                                         {"reply": raw[:2000].decode("utf-8", "replace")}),
                                 kill=False)
        if "result" in reply:
            result: JSON = reply["result"]
            return result
        raise reply_outcome(cmd, reply, declines)

    def _call(self, request: JSON) -> JSON:
        return self._exchange(self._ensure(), request, self.timeout)

    # -- declared support ----------------------------------------------------------------

    def _declared(self, game: str, options: Mapping[str, Any] | None) -> None:
        """Refuse, without sending, a game or option value the handshake did not declare
        (a position's values: ``position_options``). The values last found declared are
        not looked up again (a game's every position has the same)."""
        self._ensure()
        if self._declared_last is not None and self._declared_last == (game, options):
            return
        self._declarations().check_options(game, options)
        self._declared_last = (game, None if options is None else dict(options))

    def _declarations(self) -> Declarations:
        assert self._hello is not None
        if self._decl is None:
            self._decl = Declarations(self._hello)
        return self._decl

    def level(self) -> str:
        self._ensure()
        return self._declarations().level()

    def turns(self, game: str) -> str:
        self._ensure()
        return self._declarations().turns(game)

    def declared_gaps(self, game: str) -> frozenset[str]:
        """The gaps the handshake declares for ``game`` (empty for an undeclared game)."""
        self._ensure()
        return self._declarations().gaps(game)

    # -- the Implementation interface ----------------------------------------------------

    def hello(self) -> JSON:
        self._ensure()
        assert self._hello is not None
        about = dict(self._hello.get("implementation", {}))
        # ``isolation`` is the harness's word, never the adapter's: it overrides any
        # ``isolation`` the adapter put in its own handshake
        return {**about, "games": self._hello.get("games", []),
                "protocol": self._hello.get("protocol"), "level": self.level(),
                "isolation": self.isolation.as_json()}

    def new_game(self, game: str, players: Sequence[str], options: Mapping[str, Any]) -> JSON:
        self._declared(game, options)
        result = self._call({"cmd": "new_game", "game": game, "players": list(players),
                             "options": dict(options)})
        position: JSON = self._checked("new_game", game, result["position"])
        return position

    def check_position(self, game: str, position: JSON) -> Malformed | None:
        self._declared(game, position_options(position))
        result = self._call({"cmd": "load", "game": game, "position": as_json(position)})
        if result["valid"]:
            return None
        return Malformed(str(result["field"]), str(result["message"]), str(result.get("rule", "")))

    def start(self, question: str, game: str, position: JSON,
              action: JSON | None = None) -> Callable[[], Any]:
        """The request goes now; its reply is read when the returned call is made."""
        read = ANSWERS.get(question)
        if read is None:
            raise ValueError(f"unknown question {question!r} (known: {', '.join(QUESTIONS)})")
        self._declared(game, position_options(position))
        # the in-process oracle's ``Made`` (oracle.core.made) goes as its JSON
        request: JSON = {"cmd": question, "game": game, "position": as_json(position)}
        if question == "apply":
            request["action"] = action or {}
        reply = self._post(self._ensure(), request, self.timeout)
        return lambda: self._checked(question, game, read(reply()))

    def batches(self) -> bool:
        """Whether the handshake declares ``inspect`` (docs/protocol.md): only then is
        it sent."""
        return self.declares(INSPECT_FEATURE)

    def declares(self, feature: str) -> bool:
        """Whether the handshake lists ``feature`` among its optional ``features`` (the
        first handshake's, which a restart replays: the adapter is started only where
        it has never answered one)."""
        if self._hello is None:
            self._ensure()
        hello = self._hello
        assert hello is not None
        if self._features[0] is not hello:  # (read once a handshake: asked every step)
            listed = hello.get("features")
            self._features = (hello, frozenset(
                f for f in listed if isinstance(f, str)) if isinstance(listed, list)
                else frozenset())
        return feature in self._features[1]

    def start_inspect(self, game: str, position: JSON, ask: Sequence[str],
                      action: JSON | None = None) -> Callable[[], Answers]:
        """One ``inspect`` request now, its reply read when the returned call is made;
        an adapter that does not declare the feature is asked one question at a time."""
        if not self.batches():
            return super().start_inspect(game, position, ask, action)
        if ask is not INSPECT_QUESTIONS:  # (the lockstep asks them all, in their order)
            unknown = [q for q in ask if q not in INSPECT_QUESTIONS]
            if unknown:
                raise ValueError(f"inspect asks only {', '.join(INSPECT_QUESTIONS)}, "
                                 f"not {unknown!r}")
        self._declared(game, position_options(position))
        request: JSON = {"cmd": "inspect", "game": game, "ask": list(ask)}
        if action is not None:
            request["action"] = action
        digests = self.digests
        if digests:
            request["digests"] = True
        made_by, self.ahead_of, self.last_inspect = self.ahead_of, None, None
        # with digests, by reference where the adapter holds the position (``refs``);
        # else the position whole, the request's last key
        reply = self.refs.post(request, position, lambda sent: self._post(
            self._ensure(), sent, self.timeout, digests), digests, made_by)
        if action is not None:
            self.last_inspect = self._seq - 1
        return lambda: self._answers(reply(), list(ask), action is not None, game, digests)

    def _answers(self, parts: JSON, ask: list[str], applied: bool, game: str = "",
                 digests: bool = False) -> Answers:
        """The ``Answers`` an inspect result gives; a result that leaves out a part it
        owes, or adds one nobody asked for, breaks the protocol (graded ``crash``, as a
        reply failing its schema is: the adapter is not killed). A part the game's checks
        refuse raises ``InvalidReply`` for the whole reply, as the single command would."""
        if type(parts) is Agreed:  # the reply expected, exactly (``expect``)
            return parts.answers
        expected = ["apply"] if applied else []
        if not applied or accepted(parts.get("apply")):
            expected += ask
        if sorted(parts) != sorted(expected):
            raise self._fail(Crashed(
                f"reply to 'inspect' breaks the protocol: it has parts {sorted(parts)}, "
                f"expected {sorted(expected)}"), kill=False)
        answers: Answers = {}
        for question, part in parts.items():
            if "result" in part and digests and question in DIGEST_PARTS and (
                    question != "apply" or part["result"].get("accepted") is True):
                # (its schema checked it; a refusal is read and checked as always)
                answers[question] = digest_answer(part["result"])
            elif "result" in part:
                answers[question] = self._checked(question, game, ANSWERS[question](
                    part["result"]), "inspect")
            else:
                answers[question] = reply_outcome(question, part, self._declarations()
                                             .declines_positions({"cmd": question,
                                                                  "game": game}))
        return answers

    def apply(self, game: str, position: JSON, action: JSON) -> Verdict:
        verdict: Verdict = self.start("apply", game, position, action)()
        return verdict

    def _query(self, cmd: str, game: str, position: JSON) -> JSON:
        self._declared(game, position_options(position))
        return self._call({"cmd": cmd, "game": game, "position": as_json(position)})

    def canonical(self, game: str, position: JSON) -> JSON:
        result: JSON = self._checked("position", game,
                                     self._query("position", game, position)["position"])
        return result

    def _checked(self, question: str, game: str, answer: Any, within: str = "") -> Any:
        """``answer`` once the game's own checks accept it (``checked_answer``); unless
        replies go unchecked."""
        if not self.check_replies or question not in CHECKED_QUESTIONS:
            return answer
        return checked_answer(question, game, answer,
                              f"{within} ({question})" if within else question,
                              level=self.level, check_actions=self.check_actions,
                              reference=self.reference_position)

    def legal_actions(self, game: str, position: JSON) -> list[JSON]:
        result: list[JSON] = self.start("legal_actions", game, position)()
        return result

    def scores(self, game: str, position: JSON) -> JSON:
        result: JSON = self.start("scores", game, position)()
        return result

    def game_over(self, game: str, position: JSON) -> bool:
        return bool(self.start("game_over", game, position)())

    def query(self, game: str, position: JSON, name: str, args: JSON) -> JSON:
        self._declared(game, position_options(position))
        result = self._call({"cmd": "query", "game": game, "position": as_json(position),
                             "name": name, "args": args})
        answer: JSON = result["answer"]
        return answer

    def close(self) -> None:
        self.abandon()  # (each reply still owed is read first: the wire stays in step)
        self._settle()
        proc, self._proc = self._proc, None
        self._forget_outstanding()
        if proc is None:
            return
        if proc.alive():
            with contextlib.suppress(ImplementationOutcome):
                self._exchange(proc, {"cmd": "stop"}, min(self.timeout, 1.0))
        proc.finish(self.exit_grace)
