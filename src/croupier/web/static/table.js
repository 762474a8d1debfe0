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
    options.replaceChildren();
    for (const o of view.options || []) {
      const b = document.createElement("button");
      b.type = "button";
      b.dataset.option = String(o.index);
      b.textContent = o.label;
      options.appendChild(b);
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
    $("state").textContent = JSON.stringify(view.state, null, 1);
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

  $("options").addEventListener("click", (ev) => {
    const b = ev.target.closest("button[data-option]");
    if (b) command("choose", { option: Number(b.dataset.option), version: version });
  });
  for (const form of root.querySelectorAll("form[data-command]")) {
    form.addEventListener("submit", (ev) => {
      ev.preventDefault();
      const data = Object.fromEntries(new FormData(form).entries());
      if (data.seat) data.seat = Number(data.seat);
      command(form.dataset.command, data);
    });
  }

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
