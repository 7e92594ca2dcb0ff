"""The explorer's answers without a browser (checker/web/session.py): the state after a path, the
enabled transitions, each property's status, and the check's counterexample followed back as a
path on every system kind."""
import os

import pytest

from checker.cli.exploring import explorer_for
from checker.cli.main import _parse_ids, _parser
from checker.explore.systems import trace_of
from conftest import MUTANTS
from models import AlgorithmError

SYNCHRONIZERS = os.path.join(MUTANTS, "synchronizers")


def explorer(*argv: str):
    args = _parser().parse_args([*argv, "--explore"])
    return explorer_for(args, _parse_ids(args.ids) if args.ids else None)


def status(view: dict, name: str) -> str:
    return next(p["status"] for p in view["properties"] if p["name"] == name)


def test_the_initial_state_offers_each_process_its_first_command():
    lcr = explorer("lcr", "--n", "3")
    view = lcr.view(lcr.default_setting(), [])
    assert view["steps_taken"] == 0 and not view["terminal"]
    assert [e["label"].split(" ", 3)[:3] for e in view["enabled"]] == [["p0", "(id", "1)"], ["p1", "(id", "2)"],
                                                                       ["p2", "(id", "3)"]]
    assert status(view, "election") == "pending" and status(view, "at-most-one-leader") == "holds"
    assert view["channels"] == []


def test_a_path_is_the_trace_of_its_choices():
    hs = explorer("hs", "--n", "3")
    setting = hs.parse_setting("2,3,1")
    view = hs.view(setting, [1, 0, 2])
    assert view["trace"] == trace_of(hs.system(setting), [1, 0, 2]).to_json()
    assert view["setting"] == {"ids": "2,3,1"} and view["path"] == [1, 0, 2]
    assert [p["name"] for p in view["processes"]] == ["p0 (id 2)", "p1 (id 3)", "p2 (id 1)"]
    assert sum(len(c["messages"]) for c in view["channels"]) == view["trace"]["steps"][-1]["in_flight"]


def test_following_the_first_choice_to_the_end_judges_the_terminal_properties():
    lcr = explorer("lcr", "--n", "3")
    setting, path = lcr.default_setting(), []
    while lcr.view(setting, path)["enabled"]:
        path.append(0)
    view = lcr.view(setting, path)
    assert view["terminal"]
    assert {p["name"]: p["status"] for p in view["properties"]} == {name: "holds" for name in (
        "at-most-one-leader", "stability", "election", "agreement", "leader-is-smallest", "quiescence",
        "termination", "message-bound")}


@pytest.mark.parametrize("argv, ids, swapped, ports, path, message", [
    (["lcr", "--n", "3"], "1,2", None, None, "", "give 3 distinct positive ids"),
    (["lcr", "--n", "3"], "1,1,2", None, None, "", "give 3 distinct positive ids"),
    (["lcr", "--n", "3"], "1,x,2", None, None, "", "give whole numbers"),
    (["lcr", "--n", "3"], None, "010", None, "", "on an unoriented ring only"),
    (["lcr", "--n", "3"], None, None, "1.2-0.2-0.1", "", "a port labelling is for a network"),
    (["hs-unoriented", "--n", "3"], None, "01", None, "", "one 0 or 1 per process"),
    (["flooding", "--n", "3", "--graph", "path"], None, None, "1-0-1", "", "each vertex's neighbours in port order"),
    (["lcr", "--n", "3", "--ids", "3,1,2"], "1,2,3", None, None, "", "started with --ids 3,1,2"),
    (["lcr", "--n", "3"], None, None, None, "7", "only 3 transition(s) are enabled"),
])
def test_a_wrong_setting_or_path_is_one_line(argv, ids, swapped, ports, path, message):
    session = explorer(*argv)
    with pytest.raises(AlgorithmError, match=message.replace("(", r"\(").replace(")", r"\)")):
        session.view(session.parse_setting(ids, swapped, ports), [int(c) for c in path.split(".")] if path else [])


@pytest.mark.parametrize("argv, violated", [
    ([os.path.join(MUTANTS, "lcr_no_terminate.py"), "--n", "3"], "election"),
    ([os.path.join(MUTANTS, "lcr_never_terminates.py"), "--n", "3"], "termination"),
    ([os.path.join(MUTANTS, "hs_unoriented_responses_turn_back.py"), "--n", "3"], "termination"),
    (["bully", "--n", "3", "--crashes", "1"], "at-most-one-leader"),
    ([os.path.join(MUTANTS, "networks", "timeslice_keeps_the_token.py"), "--n", "3"], None),
    (["flooding", "--n", "3", "--graph", "path", "--synchronizer",
      os.path.join(SYNCHRONIZERS, "alpha_safe_before_acks.py")], "synch"),
], ids=["ring", "ring-lasso", "unoriented-lasso", "crashes", "synchronous", "synchronizer"])
def test_the_checks_counterexample_is_followed_to_the_same_trace(argv, violated):
    """Jumping to the counterexample gives the path whose trace is the check's, ending where the
    explorer marks the check's property violated (a lasso: at a state seen before on the path)."""
    from checker.explore.run import check

    session = explorer(*argv)
    found = session.counterexample()
    assert found["verdict"] == "violated"
    assert violated is None or found["property"] == violated
    setting = session.parse_setting(found["setting"]["ids"], found["setting"].get("swapped"),
                                    found["setting"].get("ports"))
    view = session.view(setting, found["path"])
    options = {k: v for k, v in session.options.items()}
    expected = check(session.algorithm, session.n, graphs=session.network, progress=False, **options).counterexample
    drop = ("lost",)
    assert [{k: v for k, v in s.items() if k not in drop} for s in view["trace"]["steps"]] == \
        [{k: v for k, v in s.items() if k not in drop} for s in expected.trace.to_json()["steps"]]
    assert status(view, found["property"]) == "violated"
    assert view["loop_start"] == found["loop_start"]


def test_a_verified_algorithm_has_no_counterexample():
    found = explorer("hs", "--n", "3").counterexample()
    assert found["verdict"] == "verified" and "VERIFIED" in found["summary"]


def test_a_state_repeated_on_the_path_is_a_lasso():
    never = explorer(os.path.join(MUTANTS, "lcr_never_terminates.py"), "--n", "3")
    found = never.counterexample()
    setting = never.parse_setting(found["setting"]["ids"])
    view = never.view(setting, found["path"])
    assert view["loop_start"] is not None
    assert "loop from step" in next(p["text"] for p in view["properties"] if p["name"] == "termination")
    shorter = never.view(setting, found["path"][:view["loop_start"]])
    assert shorter["loop_start"] is None and status(shorter, "termination") == "pending"


def test_an_own_property_has_its_status_along_the_path(tmp_path):
    own = tmp_path / "own.py"
    own.write_text("from specs.user_properties import always\n\n\n@always\ndef nothing_in_transit(s):\n"
                   "    return not s.messages()\n")
    lcr = explorer("lcr", "--n", "3", "--property", str(own))
    setting = lcr.default_setting()
    assert status(lcr.view(setting, []), "nothing_in_transit") == "holds"
    assert status(lcr.view(setting, [0]), "nothing_in_transit") == "violated"


def test_liveness_of_ones_own_is_pending_until_the_path_decides_it(tmp_path):
    own = tmp_path / "own.py"
    own.write_text("from specs.user_properties import always_eventually, eventually\n\n\n"
                   "@eventually\ndef something_sent(s):\n    return bool(s.messages())\n\n\n"
                   "@always_eventually\ndef in_transit(s):\n    return bool(s.messages())\n")
    lcr = explorer("lcr", "--n", "3", "--property", str(own))
    setting = lcr.default_setting()
    first = lcr.view(setting, [])
    assert status(first, "something_sent") == "pending" and status(first, "in_transit") == "pending"
    after = lcr.view(setting, [0])
    assert status(after, "something_sent") == "holds" and status(after, "in_transit") == "pending"
    path = [0]
    while lcr.view(setting, path)["enabled"]:
        path.append(0)
    end = lcr.view(setting, path)
    assert status(end, "something_sent") == "holds" and status(end, "in_transit") == "violated"


def test_fair_termination_is_left_to_the_check():
    session = explorer("bully", "--n", "3", "--crashes", "1")
    view = session.view(session.default_setting(), [])
    assert status(view, "fair-termination") == "whole graph"


def test_a_setting_names_only_the_labelling_its_topology_has():
    assert explorer("lcr", "--n", "3").default_setting().query() == {"ids": "1,2,3"}
    assert explorer("hs-unoriented", "--n", "3").default_setting().query() == {"ids": "1,2,3", "swapped": "000"}
    assert explorer("bully", "--n", "3").default_setting().query() == {"ids": "1,2,3", "ports": "1.2-0.2-0.1"}
