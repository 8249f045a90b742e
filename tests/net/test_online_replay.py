"""`crowsnest replay --table CODE --db PATH` reads an online table's log as `crowsnest
replay` reads a save: open tables without their seed and hands, finished ones whole, an
undo in the log honoured, and a clear sentence for what is not there."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

import pytest
from bots import Bot, run, shadow
from crowsnest import cli
from crowsnest.net.log import SQLiteLog
from net_registry import REGISTRY

pytestmark = pytest.mark.slow


def replay(tmp_path, *args):
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data")}
    r = subprocess.run(
        [sys.executable, "-m", "crowsnest", "replay", *args],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )
    return r


def test_an_online_table_replays_open_then_finished_with_its_undo(server, tmp_path):
    variant = REGISTRY.variants["crowsnest"]
    ada = Bot(server.url, name="Ada", seed=11)
    ada.send(
        {
            "type": "create",
            "variant": "crowsnest",
            "seats": [{"kind": "human"}] + [{"kind": "ai", "level": "easy"}] * 3,
            "options": {"target": 50},
            "rules": {"undo": "agree"},
        }
    )
    ada.expect("created")
    ada.expect("snapshot")
    acted, deadline = False, time.monotonic() + 60
    while time.monotonic() < deadline:  # Ada plays once, then asks back at her next turn
        ada.pump()
        if ada.my_turn():
            if acted:
                break
            acted = ada.play()
        time.sleep(0.005)
    ada.send({"type": "undo", "op": "ask", "seq": ada.seq})
    assert ada.expect("undo")["state"] == "done"  # nobody else to ask: at once
    ada.expect("snapshot")
    run([ada], until=lambda: ada.seq >= 12, seconds=60)

    r = replay(tmp_path, "--table", ada.code.lower(), "--db", server.db, "--json")
    assert r.returncode == 0, r.stderr
    got = json.loads(r.stdout)
    m, entries = shadow(server.db, ada.code, variant, upto=got["log_entries"])
    assert got["table"] == ada.code and got["table_state"] == "open"
    assert got["undos"] == 1 and got["actions"] == len(m.log) < got["log_entries"]
    assert got["seed"] is None and got["state"] is None  # an open table's cards stay hidden
    assert got["to_move"] == m.to_move and got["scores"] == list(m.scores)
    assert [p["name"] for p in got["players"]][0] == "Ada"
    text = replay(tmp_path, "--table", ada.code, "--db", server.db)
    assert text.returncode == 0 and ada.code in text.stdout and "still open" in text.stdout
    db = SQLiteLog(server.db)
    start = db.start(ada.code)
    db.close()
    assert str(start["seed"]) not in text.stdout

    run([ada], seconds=300)
    r = replay(tmp_path, "--table", ada.code, "--db", server.db, "--json")
    got = json.loads(r.stdout)
    m, entries = shadow(server.db, ada.code, variant)
    assert got["table_state"] == "finished" and got["over"] and m.over
    assert got["seed"] == start["seed"] and got["state"] is not None
    assert got["winner"] == m.winner and got["scores"] == list(m.scores)
    assert got["log_entries"] == len(entries)


def test_what_is_not_there_gets_a_sentence(server, tmp_path, capsys):
    cfg = tmp_path / "config.toml"
    cfg.write_text("")
    base = ["--config", str(cfg), "replay"]
    assert cli.main([*base, "--table", "ABCDEF", "--db", str(tmp_path / "none.sqlite3")]) == 1
    assert "no tables' database" in capsys.readouterr().err
    b = Bot(server.url)
    b.send({"type": "create", "variant": "doudizhu", "seats": [{"kind": "human"}] * 3})
    b.expect("created")
    assert cli.main([*base, "--table", "222222", "--db", server.db]) == 1
    err = capsys.readouterr().err
    assert "no table 222222" in err and b.code in err  # the latest tables are named
    assert cli.main([*base, "--table", "O0O0", "--db", server.db]) == 1
    assert "not a table code" in capsys.readouterr().err
    assert cli.main([*base, "--db", server.db]) == 2
    assert "--table" in capsys.readouterr().err
    foreign = tmp_path / "foreign.sqlite3"
    foreign.write_bytes(b"not a database at all" * 10)
    assert cli.main([*base, "--table", "ABCDEF", "--db", str(foreign)]) == 1
    assert "cannot be read" in capsys.readouterr().err
    assert foreign.read_bytes() == b"not a database at all" * 10  # never changed
