"""`crowsnest tournament`: duplicate deals in every format, plugin levels, the JSON shape,
the same result for any number of workers, partial results on Ctrl-C."""

from __future__ import annotations

import json
import signal
import subprocess
import sys

import pytest
from test_simulate import toy_config

CLEVER = """
from crowsnest.hookspecs import hookimpl


class Clever:
    def choose(self, view, legal, rng):
        return legal[0]


@hookimpl
def crowsnest_register_ais(register):
    register("toy", "clever", lambda variant, options, seats: Clever())
"""


def tour(cli, *args, config=None):
    extra = ["--config", str(config)] if config else []
    r = cli.run("tournament", *extra, *args, "--json", timeout=120)
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    out.pop("seconds")
    out.pop("workers")
    return out, r.stderr


@pytest.mark.slow
def test_doudizhu_roles_report_and_workers_agree(cli):
    one, err = tour(
        cli, "--variant", "doudizhu", "--levels", "normal,easy", "--deals", "4", "--seed", "3"
    )
    assert "4/4 deals" in err  # progress on stderr
    assert one["variant"] == "doudizhu" and one["deals"] == 4 and one["format"] == "roles"
    normal, easy = one["results"]
    assert normal["level"] == "normal" and easy["level"] == "easy"
    assert normal["games"] == 8  # two tables a deal: normal as landlord, then as peasants
    assert normal["wins"] + easy["wins"] == 8
    assert 0 <= normal["low"] <= normal["win_rate"] <= normal["high"] <= 1
    assert set(normal["roles"]) == {"landlord", "peasants"}
    assert normal["roles"]["landlord"]["games"] == 4
    # A landlord table won by normal is one lost by easy's peasants.
    assert normal["roles"]["landlord"]["wins"] + easy["roles"]["peasants"]["wins"] == 4
    assert normal["margin"] == -easy["margin"]
    two, _ = tour(
        cli,
        "--variant",
        "doudizhu",
        "--levels",
        "normal,easy",
        "--deals",
        "4",
        "--seed",
        "3",
        "--workers",
        "2",
    )
    assert two == {**one}
    other, _ = tour(
        cli, "--variant", "doudizhu", "--levels", "normal,easy", "--deals", "4", "--seed", "4"
    )
    assert other != one


@pytest.mark.slow
def test_team_game_three_levels_and_ratings(cli):
    out, _ = tour(
        cli,
        "--variant",
        "crowsnest",
        "--levels",
        "normal,easy,random",
        "--deals",
        "2",
        "--seed",
        "1",
    )
    assert out["format"] == "teams" and [r["level"] for r in out["results"]] == [
        "normal",
        "easy",
        "random",
    ]
    assert [(p["a"], p["b"]) for p in out["pairs"]] == [
        ("normal", "easy"),
        ("normal", "random"),
        ("easy", "random"),
    ]
    assert {r["level"] for r in out["ratings"]} == {"normal", "easy", "random"}
    assert abs(sum(r["elo"] for r in out["ratings"])) < 1
    by = {r["level"]: r for r in out["results"]}
    assert by["normal"]["games"] == 4  # two deals against each of two others
    assert set(by["normal"]["roles"]) <= {"declarers", "defenders"}


@pytest.mark.slow
def test_plugin_level_in_an_individual_game(cli, tmp_path):
    cfg = toy_config(cli, tmp_path, [("clever.py", CLEVER)])
    out, _ = tour(
        cli,
        "--variant",
        "toy",
        "--seats",
        "3",
        "--levels",
        "clever,random",
        "--deals",
        "3",
        "--seed",
        "5",
        config=cfg,
    )
    assert out["format"] == "solo" and out["results"][0]["level"] == "clever"
    assert out["results"][0]["games"] == 3 and out["faults"] == 0


@pytest.mark.slow
def test_bad_arguments(cli):
    for args, needle in (
        (["--variant", "doudizhu", "--levels", "normal"], "at least two levels"),
        (["--variant", "doudizhu", "--levels", "normal,genius"], "no AI level 'genius'"),
        (["--variant", "nope", "--levels", "normal,easy"], "there is no variant 'nope'"),
        (["--variant", "doudizhu", "--levels", "normal,easy", "--deals", "0"], "at least 1"),
        (["--variant", "doudizhu", "--levels", "normal,easy", "--matches"], "two teams"),
    ):
        r = cli.run("tournament", *args)
        assert r.returncode == 2 and needle in r.stderr and r.stderr.count("\n") == 1, r.stderr


@pytest.mark.slow
def test_ctrl_c_reports_the_finished_deals(cli):
    p = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "crowsnest",
            "tournament",
            "--variant",
            "crowsnest",
            "--levels",
            "normal,easy",
            "--deals",
            "500",
            "--seed",
            "1",
            "--workers",
            "2",
            "--json",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=cli.env,
    )
    assert p.stderr is not None
    line = p.stderr.readline()  # the first progress line: some deals are done
    assert "deals" in line, line
    p.send_signal(signal.SIGINT)
    out, _ = p.communicate(timeout=60)
    assert p.returncode == 130
    got = json.loads(out)
    assert got["interrupted"] is True and 1 <= got["deals"] < 500
    assert got["results"][0]["games"] == got["deals"]


@pytest.mark.slow
def test_every_built_in_game_has_hard(cli):
    got = cli.json("plugins")["variants"]
    for vid in ("crowsnest", "partnership", "tractor", "doudizhu"):
        assert "hard" in got[vid], vid


@pytest.mark.slow
def test_text_report(cli):
    r = cli.run("tournament", "--variant", "individual3", "--levels", "normal,easy", "--deals",
                "2", "--seed", "1")  # fmt: skip
    assert r.returncode == 0, r.stderr
    assert "individual3: 2 deals, roles format" in r.stdout
    assert "normal: win rate" in r.stdout and "as declarers:" in r.stdout


def test_tractor_reports_each_side_by_role():
    """Tractor's teams format splits each level's deals by role: the dealer's team
    (declarers, who defend) and the other (attackers), with one deal-table per side."""
    from crowsnest.batch import tournament as tm

    spec = tm.Spec(variant="tractor", levels=("normal", "easy"), seed=3, seats=4)
    out = tm.run(spec, 1, workers=1, progress=False)
    for r in out["results"]:
        roles = r["roles"]
        assert set(roles) <= {"attackers", "declarers"} and roles
        assert sum(f["games"] for f in roles.values()) == 2  # both tables of the deal
        assert all(0 <= f["win_rate"] <= 1 and f["low"] <= f["high"] for f in roles.values())


def _same(a, b):
    keys = ("interrupted", "resumed", "first_deal")
    return {k: v for k, v in a.items() if k not in keys} == {
        k: v for k, v in b.items() if k not in keys
    }


@pytest.mark.slow
def test_results_file_resumes_and_shards_pool_exactly(cli, tmp_path):
    base = ["--variant", "crowsnest", "--levels", "normal,easy", "--seed", "5"]
    whole, _ = tour(cli, *base, "--deals", "4")
    # resume: two deals saved, then the run asked for four plays only the missing two
    f = tmp_path / "run.jsonl"
    tour(cli, *base, "--deals", "2", "--results", str(f))
    resumed, err = tour(cli, *base, "--deals", "4", "--results", str(f))
    assert resumed["resumed"] == 2 and "2/2 deals" in err
    assert _same(resumed, whole)
    lines = f.read_text().splitlines()
    assert '"tournament"' in lines[0] and len(lines) == 5  # the header, four deals
    # nothing left to play: the file alone gives the report
    again, err = tour(cli, *base, "--deals", "4", "--results", str(f))
    assert again["resumed"] == 4 and "deals/s" not in err and _same(again, whole)
    # shards: deals 0-1 and 2-3 in two files, pooled by concatenation
    a, b, ab = tmp_path / "a.jsonl", tmp_path / "b.jsonl", tmp_path / "ab.jsonl"
    tour(cli, *base, "--deals", "2", "--results", str(a))
    second, _ = tour(cli, *base, "--first-deal", "2", "--deals", "2", "--results", str(b))
    assert second["deals"] == 2 and second["first_deal"] == 2
    ab.write_text(a.read_text() + b.read_text())
    pooled, _ = tour(cli, *base, "--deals", "4", "--results", str(ab))
    assert pooled["resumed"] == 4 and _same(pooled, whole)
    # a line cut short by a killed run: that deal is played again
    text = f.read_text()
    f.write_text(text[: text.rstrip("\n").rfind("\n") + 20])
    cut, _ = tour(cli, *base, "--deals", "4", "--results", str(f))
    assert cut["resumed"] == 3 and _same(cut, whole)


@pytest.mark.slow
def test_results_file_of_another_tournament_is_refused(cli, tmp_path):
    f = tmp_path / "run.jsonl"
    tour(
        cli,
        "--variant",
        "crowsnest",
        "--levels",
        "normal,easy",
        "--deals",
        "1",
        "--results",
        str(f),
    )
    r = cli.run("tournament", "--variant", "crowsnest", "--levels", "normal,easy", "--deals",
                "1", "--seed", "9", "--results", str(f))  # fmt: skip
    assert r.returncode == 2 and "another tournament" in r.stderr and "seed" in r.stderr, r.stderr
    assert r.stderr.count("\n") == 1
