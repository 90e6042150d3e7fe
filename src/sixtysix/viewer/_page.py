"""The HTML, CSS and script of the viewer page (no network, no external file)."""

from __future__ import annotations

__all__ = ["CSS", "PAGE", "SCRIPT"]

CSS = """
:root { color-scheme: light; --felt: #2f6b46; --ink: #1b1b1b; --muted: #5b6b61;
  --hi: #ffd27a; font-family: 'DejaVu Sans', 'Helvetica Neue', Helvetica, Arial, sans-serif; }
body { margin: 0; background: #eef1ec; color: var(--ink); }
header { background: #24553a; color: #f4f1e8; padding: 8px 16px; display: flex;
  flex-wrap: wrap; gap: 12px; align-items: center; }
header h1 { font-size: 17px; margin: 0 12px 0 0; }
header select, header label { font-size: 14px; }
main { display: flex; gap: 16px; padding: 12px 16px; align-items: flex-start; }
#board { flex: 0 0 auto; }
#board svg { display: block; max-width: 100%; height: auto; }
#side { flex: 1 1 260px; max-width: 360px; }
#moves { list-style: none; margin: 0; padding: 0; max-height: 480px; overflow-y: auto;
  border: 1px solid #c9d2cb; background: #fff; font-size: 13px; }
#moves button { all: unset; display: block; width: 100%; box-sizing: border-box;
  padding: 3px 8px; cursor: pointer; }
#moves li:nth-child(even) button { background: #f5f7f4; }
#moves button:hover { background: #e3ece5; }
#moves button[aria-current="true"] { background: var(--hi); font-weight: bold; }
#controls { display: flex; gap: 6px; align-items: center; padding: 0 16px; }
#controls button { font-size: 15px; min-width: 36px; }
#slider { flex: 1 1 auto; max-width: 520px; }
#status { padding: 4px 16px; font-size: 14px; }
#say { min-height: 1.3em; margin: 4px 0; }
#result { margin: 4px 0; font-weight: bold; }
#result:empty { display: none; }
.summary { color: var(--hi); font-weight: bold; }
details { padding: 0 16px 16px; }
pre { background: #fff; border: 1px solid #c9d2cb; padding: 8px; font-size: 12px; }
kbd { border: 1px solid #999; border-radius: 3px; padding: 0 3px; font-size: 12px; }
"""

SCRIPT = r"""
(function () {
  "use strict";
  const $ = (id) => document.getElementById(id);
  let show = null, cards = null, h = 0, f = 0, v = 0;

  function expand(svg) {
    return svg.replace(/\u0001(..)/g, (_, key) => cards[key]);
  }
  function hand() { return show.hands[h]; }

  function draw() {
    const hd = hand(), fr = hd.frames[f];
    const views = hd.views;
    if (v >= views.length) v = 0;
    $("board").innerHTML = expand(fr.p[v]);
    $("text").textContent = fr.t[v];
    $("say").textContent = f === 0 ? hd.deal : fr.s;
    $("result").textContent = f === hd.frames.length - 1 ? hd.result.join(" ") : "";
    $("after").textContent = f === hd.frames.length - 1 ? hd.after : "";
    $("counter").textContent = "move " + f + " of " + (hd.frames.length - 1);
    const slider = $("slider");
    slider.max = String(hd.frames.length - 1);
    slider.value = String(f);
    const buttons = $("moves").querySelectorAll("button");
    buttons.forEach((b, i) => {
      const on = i === f;
      b.setAttribute("aria-current", on ? "true" : "false");
      if (on) b.scrollIntoView({ block: "nearest" });
    });
    document.body.dataset.hand = String(h);
    document.body.dataset.frame = String(f);
    document.body.dataset.view = String(v);
    history.replaceState(null, "", "#h=" + h + "&f=" + f + "&v=" + v);
  }

  function fillHand() {
    const hd = hand();
    const list = $("moves");
    list.textContent = "";
    hd.frames.forEach((fr, i) => {
      const li = document.createElement("li");
      const b = document.createElement("button");
      b.type = "button";
      b.dataset.frame = String(i);
      b.textContent = i === 0 ? "Deal" : i + ". " + fr.w + ": " + fr.m;
      b.title = i === 0 ? hd.deal : fr.s;
      b.addEventListener("click", () => { f = i; draw(); });
      li.appendChild(b);
      list.appendChild(li);
    });
    const view = $("view");
    view.textContent = "";
    hd.views.forEach((label, i) => {
      const o = document.createElement("option");
      o.value = String(i);
      o.textContent = label;
      view.appendChild(o);
    });
    if (v >= hd.views.length) v = 0;
    view.value = String(v);
    $("hand").value = String(h);
  }

  function go(hand_, frame) {
    h = Math.max(0, Math.min(show.hands.length - 1, hand_));
    fillHand();
    f = Math.max(0, Math.min(hand().frames.length - 1, frame));
    draw();
  }
  function step(d) {
    const last = hand().frames.length - 1;
    if (f + d > last && h + 1 < show.hands.length) { go(h + 1, 0); return; }
    if (f + d < 0 && h > 0) { go(h - 1, 1e9); return; }
    f = Math.max(0, Math.min(last, f + d));
    draw();
  }

  function start(data) {
    show = data;
    cards = data.cards;
    document.title = data.title;
    $("title").textContent = data.title;
    $("summary").textContent = data.summary;
    const select = $("hand");
    data.hands.forEach((hd, i) => {
      const o = document.createElement("option");
      o.value = String(i);
      o.textContent = hd.title;
      select.appendChild(o);
    });
    select.hidden = data.hands.length < 2;
    select.addEventListener("change", () => go(Number(select.value), 0));
    $("view").addEventListener("change", () => { v = Number($("view").value); draw(); });
    $("slider").addEventListener("input", () => { f = Number($("slider").value); draw(); });
    $("first").addEventListener("click", () => { f = 0; draw(); });
    $("prev").addEventListener("click", () => step(-1));
    $("next").addEventListener("click", () => step(1));
    $("last").addEventListener("click", () => { f = hand().frames.length - 1; draw(); });
    document.addEventListener("keydown", (e) => {
      if (e.target && (e.target.tagName === "SELECT" || e.target.tagName === "INPUT")) return;
      const keys = { ArrowLeft: () => step(-1), ArrowRight: () => step(1),
        Home: () => { f = 0; draw(); }, End: () => { f = hand().frames.length - 1; draw(); },
        PageUp: () => go(h - 1, 0), PageDown: () => go(h + 1, 0) };
      if (keys[e.key]) { e.preventDefault(); keys[e.key](); }
    });
    const m = /h=(\d+)&f=(\d+)&v=(\d+)/.exec(location.hash);
    if (m) { v = Number(m[3]); go(Number(m[1]), Number(m[2])); } else { go(0, 0); }
    document.body.dataset.ready = "1";
  }

  async function load() {
    const text = $("sixtysix-data").textContent.trim();
    const bytes = Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
    if (typeof DecompressionStream === "undefined") {
      $("say").textContent = "This browser cannot unpack the game (no DecompressionStream).";
      return;
    }
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    start(JSON.parse(await new Response(stream).text()));
  }
  load().catch((e) => { $("say").textContent = "Cannot show the game: " + e; });
})();
"""

PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="sixtysix {version}">
<title>{title}</title>
<style>{css}</style>
</head>
<body>
<header>
<h1 id="title">{title}</h1>
<select id="hand" aria-label="hand"></select>
<label>View <select id="view"></select></label>
<span id="summary" class="summary"></span>
</header>
<main>
<div id="board" aria-live="polite"></div>
<div id="side"><ol id="moves" aria-label="moves"></ol></div>
</main>
<div id="controls">
<button type="button" id="first" title="first position (Home)">|&#x25C0;</button>
<button type="button" id="prev" title="previous move (&#x2190;)">&#x25C0;</button>
<input type="range" id="slider" min="0" max="0" value="0" aria-label="move">
<button type="button" id="next" title="next move (&#x2192;)">&#x25B6;</button>
<button type="button" id="last" title="last position (End)">&#x25B6;|</button>
<span id="counter"></span>
</div>
<div id="status">
<p id="say"></p>
<p id="result"></p>
<p id="after"></p>
<p><kbd>&#x2190;</kbd> <kbd>&#x2192;</kbd> step, <kbd>Home</kbd> <kbd>End</kbd> first and
last position, <kbd>PgUp</kbd> <kbd>PgDn</kbd> previous and next hand.</p>
</div>
<details><summary>The position as text</summary><pre id="text"></pre></details>
<script id="sixtysix-data" type="application/octet-stream">{data}</script>
<script>{script}</script>
</body>
</html>
"""
