// The live table page: one WebSocket for updates (as this person may see the table), and the
// commands posted to /api/tables/<id>/... with the session's CSRF token. No game logic here:
// the server offers the actions allowed now, numbered, and the page sends back the number.
(function () {
  "use strict";
  const root = document.getElementById("table");
  if (!root) return;
  const table = root.dataset.table;
  const csrf = root.dataset.csrf;
  let version = Number(root.dataset.version);
  const $ = (id) => document.getElementById(id);

  function show(view) {
    version = view.version;
    $("version").textContent = String(view.version);
    $("viewer").textContent = view.viewer;
    const p = view.pending;
    $("pending").textContent = p
      ? p.kind + (p.seat ? " (seat " + p.seat + ")" : "") + (p.detail ? ": " + p.detail : "")
      : "no round in play";
    const options = $("options");
    const mistakes = $("irregularities");
    options.replaceChildren();
    if (mistakes) mistakes.replaceChildren();
    for (const o of view.options || []) {
      const b = document.createElement("button");
      b.type = "button";
      b.dataset.option = String(o.index);
      b.textContent = o.label;
      if (o.kind === "irregularity") {
        b.className = "quiet";
        b.title = o.remedy ? "remedy: " + o.remedy : "";
        if (mistakes) mistakes.appendChild(b);
      } else {
        options.appendChild(b);
      }
    }
    const seats = $("seats");
    seats.replaceChildren(seats.rows[0]);
    for (const [seat, player] of Object.entries(view.seats)) {
      const row = seats.insertRow();
      row.insertCell().textContent = seat;
      row.insertCell().textContent = player;
      const w = row.insertCell();
      w.className = "num";
      w.textContent = view.wagers[seat] || "";
    }
    $("settlement").textContent = JSON.stringify(view.last_settlement, null, 1);
    $("state").replaceChildren(tree(view.state));
  }

  // The seat view as a tree: objects as labelled lists, cards as cards ("Jc" -> J♣, a hidden
  // card, null, face down). Nothing is interpreted: the server decides what this person sees.
  const SUITS = { c: "\u2663", d: "\u2666", h: "\u2665", s: "\u2660" };
  const CARD = /^(10|[2-9TJQKA])([cdhs])$/;
  function isCardList(key, value) {
    return Array.isArray(value) && /card|board|hand|hole/i.test(key) &&
      value.every((v) => v === null || (typeof v === "string" && CARD.test(v)));
  }
  function card(text) {
    const span = document.createElement("span");
    if (text === null) {
      span.className = "card down";
      span.textContent = "\u{1F0A0}";
      span.title = "face down";
      return span;
    }
    const m = CARD.exec(text);
    span.className = "card" + (m[2] === "d" || m[2] === "h" ? " red" : "");
    span.textContent = m[1] + SUITS[m[2]];
    return span;
  }
  function tree(value, key) {
    if (value === null || typeof value !== "object") {
      const span = document.createElement("span");
      span.textContent = value === null ? "\u2014" : String(value);
      return span;
    }
    if (isCardList(key || "", value)) {
      const span = document.createElement("span");
      span.className = "cards";
      for (const c of value) span.appendChild(card(c));
      return span;
    }
    const list = document.createElement("dl");
    list.className = "tree";
    for (const [k, v] of Object.entries(value)) {
      const dt = document.createElement("dt");
      dt.textContent = Array.isArray(value) ? "#" + (Number(k) + 1) : k.replaceAll("_", " ");
      const dd = document.createElement("dd");
      dd.appendChild(tree(v, Array.isArray(value) ? key : k));
      list.append(dt, dd);
    }
    return list;
  }

  function note(events) {
    const list = $("events");
    for (const e of events || []) {
      const li = document.createElement("li");
      li.value = e.version;
      li.textContent = JSON.stringify(e);
      list.appendChild(li);
    }
  }

  function refuse(text) {
    const box = $("refusal");
    box.textContent = text || "";
    box.hidden = !text;
  }

  async function command(path, body) {
    refuse("");
    const r = await fetch("/api/tables/" + table + "/" + path, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-CSRF-Token": csrf },
      body: JSON.stringify(body || {}),
      credentials: "same-origin",
    });
    if (!r.ok) {
      let text = r.status + "";
      try {
        const data = await r.json();
        text = data.detail + (data.section ? " (" + data.section + ")" : "");
      } catch (_) { /* not JSON */ }
      refuse(text);
    }
  }

  for (const id of ["options", "irregularities"]) {
    const box = $(id);
    if (!box) continue;
    box.addEventListener("click", (ev) => {
      const b = ev.target.closest("button[data-option]");
      if (b) command("choose", { option: Number(b.dataset.option), version: version });
    });
  }
  for (const form of root.querySelectorAll("form[data-command]")) {
    form.addEventListener("submit", (ev) => {
      ev.preventDefault();
      const data = Object.fromEntries(new FormData(form).entries());
      if (data.seat) data.seat = Number(data.seat);
      command(form.dataset.command, data);
    });
  }

  // first paint from the page's own copy of the view
  try {
    const initial = JSON.parse(document.getElementById("initial-view").textContent);
    show(initial);
  } catch (_) { /* the server-rendered text stays */ }

  let seen = version;
  function connect() {
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    const ws = new WebSocket(scheme + location.host + "/api/tables/" + table + "/ws?after=" + seen);
    ws.onopen = () => { $("live").textContent = "live"; };
    ws.onmessage = (msg) => {
      const data = JSON.parse(msg.data);
      if (data.error) { refuse(data.error); return; }
      note(data.events);
      if (data.view) { show(data.view); seen = data.view.version; }
    };
    ws.onclose = () => {
      $("live").textContent = "reconnecting…";
      setTimeout(connect, 1000); // resumes after the last version seen
    };
  }
  connect();
})();
