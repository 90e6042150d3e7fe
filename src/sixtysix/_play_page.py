"""The page of ``sixtysix serve`` (HTML, style and script in one string; no network)."""

from __future__ import annotations

__all__ = ["PLAY_PAGE"]

PLAY_PAGE = r"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="sixtysix {version}">
<title>Play Sixty-Six</title>
<style>
:root { font-family: 'DejaVu Sans', 'Helvetica Neue', Helvetica, Arial, sans-serif; }
body { margin: 0; background: #eef1ec; color: #1b1b1b; }
header { background: #24553a; color: #f4f1e8; padding: 8px 16px; display: flex;
  flex-wrap: wrap; gap: 10px; align-items: center; }
header h1 { font-size: 17px; margin: 0 10px 0 0; }
main { display: flex; gap: 16px; padding: 12px 16px; align-items: flex-start; flex-wrap: wrap; }
#board { flex: 0 0 auto; }
#board svg { display: block; max-width: 100%; height: auto; }
#board g.card.face { cursor: pointer; }
#board.legal g.card.face[data-legal="1"] rect:first-child { stroke: #e0a100; stroke-width: 2.5; }
#side { flex: 1 1 280px; max-width: 420px; min-width: 0; overflow-wrap: anywhere; }
#actions { display: flex; flex-wrap: wrap; gap: 6px; padding: 0 16px; }
#actions button { font-size: 14px; padding: 4px 10px; }
#actions button.off { opacity: 0.55; }
#message { padding: 6px 16px; min-height: 1.3em; font-weight: bold; }
#message.error { color: #b00020; }
#log { font-size: 13px; background: #fff; border: 1px solid #c9d2cb; padding: 6px 8px 6px 28px;
  max-height: 380px; overflow-y: auto; margin: 0; }
#result { font-weight: bold; }
#score { font-weight: bold; }
#links a { margin-right: 10px; }
</style>
</head>
<body>
<header>
<h1>Play Sixty-Six</h1>
<label>Opponent <select id="bot"></select></label>
<label>Rules <select id="rules"></select></label>
<label>You are <select id="seat"><option value="0">seat 0</option>
<option value="1">seat 1</option></select></label>
<label><input type="checkbox" id="match"> a whole match</label>
<button type="button" id="new">New game</button>
</header>
<main>
<div id="board" aria-live="polite"></div>
<div id="side">
<p id="score"></p>
<ol id="log" aria-label="what happened"></ol>
<div id="result"></div>
<p id="links"></p>
</div>
</main>
<div id="actions">
<span id="marriages"></span>
<button type="button" data-move="exchange">Exchange</button>
<button type="button" data-move="close">Close</button>
<button type="button" data-move="draw">Draw</button>
<button type="button" data-move="claim">Claim 66</button>
<button type="button" id="hint">Hint</button>
<button type="button" id="undo">Undo</button>
<button type="button" id="next" hidden>Next hand</button>
</div>
<p id="message" role="status"></p>
<script>
(function () {
  "use strict";
  const $ = (id) => document.getElementById(id);
  let game = null, busy = false;

  function say(text, error) {
    $("message").textContent = text || "";
    $("message").className = error ? "error" : "";
  }

  async function call(method, url, body) {
    const init = { method: method, headers: {} };
    if (body !== undefined) {
      init.headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    const reply = await fetch(url, init);
    const data = await reply.json();
    if (!reply.ok) throw new Error(data.error || ("status " + reply.status));
    return data;
  }

  async function act(what, body) {
    if (busy || !game) return;
    busy = true;
    document.body.dataset.busy = "1";
    try {
      const data = await call("POST", "/api/game/" + game.id + "/" + what,
        Object.assign({ at: game.at }, body || {}));
      if (what === "hint") {
        say("Hint: " + data.bot + " would play " + data.hint + ".", false);
      } else {
        say("", false);
        show(data);
      }
    } catch (e) {
      say(e.message, true);
    } finally {
      busy = false;
      document.body.dataset.busy = "0";
    }
  }

  function show(data) {
    game = data;
    const board = $("board");
    board.innerHTML = data.svg;
    board.className = data.your_turn ? "legal" : "";
    board.querySelectorAll("g.card.face").forEach((g) => {
      if (data.cards.indexOf(g.dataset.card) >= 0) g.dataset.legal = "1";
    });
    const log = $("log");
    log.textContent = "";
    data.log.forEach((line) => {
      const li = document.createElement("li");
      li.textContent = line;
      log.appendChild(li);
    });
    log.scrollTop = log.scrollHeight;
    const marriages = $("marriages");
    marriages.textContent = "";
    data.marriages.forEach((m) => {
      const b = document.createElement("button");
      b.type = "button";
      b.dataset.move = m;
      b.textContent = "Marry " + m.slice(-1);
      b.addEventListener("click", () => act("move", { move: m }));
      marriages.appendChild(b);
    });
    document.querySelectorAll("#actions button[data-move]").forEach((b) => {
      b.classList.toggle("off", data.legal.indexOf(b.dataset.move) < 0);
    });
    $("undo").classList.toggle("off", !data.can_undo);
    $("hint").classList.toggle("off", !data.your_turn);
    $("next").hidden = !data.can_next;
    $("result").textContent = data.result.join(" ");
    let score = "Hand " + data.hand + " (" + data.rules + ", against " + data.bot + ")";
    if (data.score) score += ". Score: you " + data.score[data.you] + ", " + data.bot + " " +
      data.score[1 - data.you];
    if (data.match_over) score += data.winner ? ". You won the match!" : ". You lost the match.";
    $("score").textContent = score;
    const links = $("links");
    links.textContent = "";
    if (data.at > 0 || data.hand > 1) {
      for (const [href, text] of [["/game/" + data.id + "/view", "Watch it in the viewer"],
                                  ["/api/game/" + data.id + "/record", "The record (JSON)"]]) {
        const a = document.createElement("a");
        a.href = href; a.textContent = text; a.target = "_blank";
        links.appendChild(a);
      }
    }
    if (data.saved) links.appendChild(document.createTextNode("Saved to " + data.saved));
    if (!data.over && !data.your_turn) say("Waiting for " + data.bot + ".", false);
    else if (data.your_turn && !$("message").textContent) say("Your move: click a card.", false);
    document.body.dataset.at = String(data.at);
    document.body.dataset.over = data.over ? "1" : "0";
    document.body.dataset.game = data.id;
  }

  async function newGame() {
    busy = true;
    try {
      show(await call("POST", "/api/new", {
        bot: $("bot").value, rules: $("rules").value,
        seat: Number($("seat").value), match: $("match").checked }));
      say("A new game. Your move: click a card.", false);
    } catch (e) {
      say(e.message, true);
    } finally {
      busy = false;
    }
  }

  $("board").addEventListener("click", (e) => {
    const card = e.target.closest("g.card.face");
    if (card) act("move", { move: card.dataset.card });
  });
  document.querySelectorAll("#actions button[data-move]").forEach((b) => {
    b.addEventListener("click", () => act("move", { move: b.dataset.move }));
  });
  $("hint").addEventListener("click", () => act("hint"));
  $("undo").addEventListener("click", () => act("undo"));
  $("next").addEventListener("click", () => act("next"));
  $("new").addEventListener("click", newGame);

  call("GET", "/api/options").then((o) => {
    const lists = [["bot", o.bots, o.bot], ["rules", o.rules, o.rules_default]];
    for (const [id, values, chosen] of lists) {
      values.forEach((v) => {
        const opt = document.createElement("option");
        opt.value = v; opt.textContent = v; opt.selected = v === chosen;
        $(id).appendChild(opt);
      });
    }
    document.body.dataset.ready = "1";
    return newGame();
  }).catch((e) => say(e.message, true));
})();
</script>
</body>
</html>
"""
