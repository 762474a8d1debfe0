// A live table's console: one WebSocket for updates (as this person may see the table); each
// update brings the server's own rendering of the console (the socket's ?render=console), which
// is swapped in as it is, so no game logic lives here. Commands are posted to /api/tables/<id>/... with the CSRF token; the
// server offers the actions allowed now, numbered, and the page sends back the number with the
// version it was offered at (a keyed card too), so a command retried after a lost answer can
// never be done twice: the second one finds the table moved on.
//
// Keyboard: 1-9 take the offered action of that number; D deals, C draws (virtual), S settles;
// at a physical table, typing a card (rank then suit: "Ah", "10d") goes to the key field and
// Enter keys it; Escape leaves a field.
(function () {
  "use strict";
  const root = document.getElementById("table");
  if (!root) return;
  const table = root.dataset.table;
  const csrf = root.dataset.csrf;
  let version = Number(root.dataset.version);
  const $ = (id) => document.getElementById(id);

  function refuse(text) {
    const box = $("refusal");
    box.textContent = text || "";
    box.hidden = !text;
  }

  // the dealer's controls follow the console's prompt (what the rules want now)
  function follow() {
    const prompt = $("prompt");
    if (!prompt) return;
    version = Number(prompt.dataset.version);
    $("round").textContent = prompt.dataset.round;
    $("viewer").textContent = prompt.dataset.viewer; // a player who just sat sees as the seat
    const wanted = prompt.dataset.keyWanted;
    const open = prompt.dataset.roundOpen === "yes";
    const keyForm = $("key-form");
    if (keyForm) {
      keyForm.hidden = !wanted;
      if (wanted && document.activeElement?.tagName !== "INPUT") $("key-input").focus();
      // hidden with the focus in it, Chrome moves the focus away only a moment later: a
      // number key pressed meanwhile would be typed into the hidden field, the decision lost
      if (!wanted && document.activeElement === $("key-input")) $("key-input").blur();
    }
    for (const b of root.querySelectorAll("form[data-command=deal] button")) b.disabled = open;
    for (const b of root.querySelectorAll("form[data-command=settle] button")) b.disabled = !open;
  }

  // The dealing mistakes are listed when the dealer opens their list (each is tried on a
  // replay of the round: too much to make for every update).
  async function listMistakes() {
    const list = $("irregularities");
    const r = await fetch("/tables/" + table + "/mistakes", { credentials: "same-origin" });
    if (r.ok && list && list.isConnected) list.innerHTML = await r.text();
  }
  function watchMistakes() {
    const box = $("mistakes");
    if (box) box.addEventListener("toggle", () => { if (box.open) listMistakes(); });
  }

  // A part of the console the person opened or closed (the mistakes, the results, the seats)
  // stays so when the console is swapped for the next update, for the rest of the round; the
  // server's defaults apply again in the next one (the seats open between rounds, the results
  // once a round is over). Only the person's own clicks count, not the swaps.
  const chosen = new Map();
  let chosenRound = null;
  const partOf = (box) => box.id || box.className;
  root.addEventListener("click", (ev) => {
    const summary = ev.target.closest("#console details > summary");
    if (summary) chosen.set(partOf(summary.parentElement), !summary.parentElement.open);
  });
  function keepChosen() {
    const round = $("prompt")?.dataset.round ?? null;
    if (round !== chosenRound) { chosen.clear(); chosenRound = round; }
    for (const box of $("console").querySelectorAll("details")) {
      const open = chosen.get(partOf(box));
      if (open !== undefined && box.open !== open) box.open = open; // the mistakes: listed afresh
    }
  }
  // An entry the person is filling in (an amount, a name) when an update comes: if the new
  // console offers the same entry (by its label), what was typed and the focus carry over,
  // instead of being wiped and the next digits taken as number keys. An entry sent already
  // (and not typed in since) is done: it is not carried.
  function typing() {
    const field = document.activeElement;
    const form = field?.closest?.("#console form[data-entry]");
    if (!form || form.dataset.sent) return null;
    const label = form.querySelector(".entry-label")?.textContent ?? "";
    const values = Array.from(form.querySelectorAll("input"), (i) => [i.name, i.value]);
    return { label, values, name: field.name, start: field.selectionStart, end: field.selectionEnd };
  }
  function carry(typed) {
    if (!typed) return;
    const form = Array.from($("console").querySelectorAll("form[data-entry]")).find(
      (f) => (f.querySelector(".entry-label")?.textContent ?? "") === typed.label);
    if (!form) return;
    for (const [name, value] of typed.values) {
      const input = form.querySelector("input[name='" + name + "']");
      if (input) input.value = value;
    }
    const field = form.querySelector("input[name='" + typed.name + "']");
    if (!field) return;
    field.focus();
    if (typed.start !== null) field.setSelectionRange(typed.start, typed.end);
  }
  function swap(html) {
    const typed = typing();
    $("console").innerHTML = html;
    watchMistakes();
    keepChosen();
    follow();
    carry(typed);
  }

  // The console as it is now, asked for after a refusal or an error. The socket may have
  // brought a newer one while this answer was on its way: an older one is not swapped in (it
  // would show a table that has moved on, and keep the dealer's next key at the old version).
  // Nor is one of the version shown: nothing changed, and the swap would wipe an entry the
  // dealer has begun to type again meanwhile (the amount, then Enter on a vanished field).
  async function refresh() {
    const r = await fetch("/tables/" + table + "/console", { credentials: "same-origin" });
    if (!r.ok) return;
    const html = await r.text();
    if (Number(r.headers.get("X-Table-Version")) <= version) return;
    swap(html);
  }

  const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

  // A command, retried while the server does not answer (a restart, a dropped connection):
  // the person is told, and nothing is lost silently.
  async function command(path, body) {
    refuse("");
    for (let attempt = 1; ; attempt++) {
      let r;
      try {
        r = await fetch("/api/tables/" + table + "/" + path, {
          method: "POST",
          headers: { "Content-Type": "application/json", "X-CSRF-Token": csrf },
          body: JSON.stringify(body || {}),
          credentials: "same-origin",
        });
      } catch (_) {
        if (attempt >= 10) {
          refuse("The server did not answer; nothing was recorded. Try again when it is back.");
          return false;
        }
        refuse("The server did not answer: trying again (" + attempt + ")…");
        await sleep(Math.min(500 * attempt, 3000));
        continue;
      }
      if (r.ok) { refuse(""); return true; }
      let text = r.status + "";
      try {
        const data = await r.json();
        text = data.detail + (data.section ? " (" + data.section + ")" : "");
        if (r.status === 409 && attempt > 1) text = "Already recorded before the connection dropped; the table moved on.";
      } catch (_) { /* not JSON */ }
      refuse(text);
      await refresh();
      return false;
    }
  }

  root.addEventListener("click", (ev) => {
    const b = ev.target.closest("button[data-option]");
    if (!b) return;
    if (b.dataset.confirm && !window.confirm(b.dataset.confirm)) return;
    // a listed mistake carries the version it was offered at: once the table moves on, its
    // number is refused rather than taken for another action
    const at = b.dataset.version ? Number(b.dataset.version) : version;
    command("choose", { option: Number(b.dataset.option), version: at });
  });
  // an entry (an amount, chips on a spot, a name) is completed in its own small form
  root.addEventListener("input", (ev) => {
    const form = ev.target.closest("form[data-entry]");
    if (form) delete form.dataset.sent; // typed in again: being filled in
  });
  root.addEventListener("submit", (ev) => {
    const form = ev.target.closest("form[data-entry]");
    if (!form) return;
    ev.preventDefault();
    if (form.dataset.confirm && !window.confirm(form.dataset.confirm)) return;
    form.dataset.sent = "yes";
    const values = Object.fromEntries(new FormData(form).entries());
    // a listed mistake that names a card carries the version it was offered at, as a button
    const at = form.dataset.version ? Number(form.dataset.version) : version;
    command("choose", { option: Number(form.dataset.entry), version: at, values: values });
  });
  // A keyed card and a keyed wager are cleared as they are sent, so that the next one is typed
  // into empty fields while the answer is on its way (the update often comes first); a
  // refused one is put back to be corrected, unless something new was typed meanwhile.
  const CLEARED_AT_ONCE = new Set(["key", "dealer-wager"]);
  const VERSIONED = new Set(["key", "dealer-wager", "dealer-unseat", "wager", "fee"]);
  for (const form of root.querySelectorAll("form[data-command]")) {
    form.addEventListener("submit", async (ev) => {
      ev.preventDefault();
      if (form.dataset.confirm && !window.confirm(form.dataset.confirm)) return;
      const entries = Array.from(new FormData(form).entries());
      const data = Object.fromEntries(entries);
      if (data.seat) data.seat = Number(data.seat);
      if ("unlawful" in data) data.unlawful = data.unlawful === "yes"; // a ticked box: JSON true
      // the version shown: a command sent again after a lost answer is refused (409), never
      // recorded twice (a card, a wager bought, a fee)
      if (VERSIONED.has(form.dataset.command)) data.version = version;
      const atOnce = CLEARED_AT_ONCE.has(form.dataset.command);
      if (atOnce) {
        form.reset();
        if (form.dataset.command === "dealer-wager") form.querySelector("input")?.focus();
      }
      const done = await command(form.dataset.command, data);
      if (!done && atOnce && Array.from(form.querySelectorAll("input")).every((i) => !i.value)) {
        for (const [name, value] of entries) {
          const input = form.querySelector("[name='" + name + "']");
          if (input && typeof value === "string") input.value = value;
        }
      }
      if (done && form.dataset.command === "ask") {
        form.reset();
        $("ask-status").textContent = "Asked: it waits at the chip bank (the slips page).";
      }
    });
  }

  // Once the page is left by a link that swaps the body in place (htmx), this page's keys
  // and socket must stop: a key pressed on another page would act on this table.
  function onKey(ev) {
    if (!root.isConnected) {
      document.removeEventListener("keydown", onKey);
      return;
    }
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const tag = document.activeElement?.tagName;
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") {
      if (ev.key === "Escape") document.activeElement.blur(); // leave the field for the keys
      return;
    }
    const key = ev.key.toLowerCase();
    const keyForm = $("key-form");
    if (keyForm && !keyForm.hidden && /^[2-9tjqka1]$/.test(key)) {
      $("key-input").focus(); // the keystroke lands in the field
      return;
    }
    const entry = root.querySelector("#options form[data-key='" + key + "']");
    if (entry) {
      ev.preventDefault();
      // fill it in, then Enter; a value refused a moment ago is selected, so typing replaces it
      const field = entry.querySelector("input, select");
      field?.focus();
      if (field instanceof HTMLInputElement) field.select();
      return;
    }
    const button = root.querySelector("#options button[data-key='" + key + "']") ||
      root.querySelector(".controls button[data-key='" + key + "']");
    if (button && !button.disabled) {
      ev.preventDefault();
      button.click();
    }
  }
  document.addEventListener("keydown", onKey);

  watchMistakes();
  chosenRound = $("prompt")?.dataset.round ?? null;
  follow();
  let seen = version;
  function connect() {
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    const ws = new WebSocket(scheme + location.host + "/api/tables/" + table +
      "/ws?render=console&after=" + seen);
    ws.onopen = () => { $("live").textContent = "live"; };
    ws.onmessage = (msg) => {
      if (!root.isConnected) { ws.close(); return; }
      const data = JSON.parse(msg.data);
      if (data.error) { refuse(data.error); return; }
      if (typeof data.html === "string") {
        seen = data.version;
        // the console of the version shown (the first message of every connection) is the
        // one on the page: swapped in, it would only wipe what is being typed
        if (data.version > version) swap(data.html);
      } else if (data.view) {
        seen = data.view.version;
        refresh();
      }
    };
    ws.onclose = () => {
      if (!root.isConnected) return; // the page was left: no reconnection
      $("live").textContent = "connection lost: reconnecting…";
      setTimeout(connect, 1000); // resumes after the last version seen
    };
  }
  connect();
})();
