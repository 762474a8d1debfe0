// The pit: one WebSocket per open table; any update of any of them refreshes the server's own
// rendering of the pit's table (GET /pit/tables). Refusals change no table, so the pit also
// looks again every few seconds.
(function () {
  "use strict";
  const root = document.getElementById("pit");
  if (!root) return;
  const live = document.getElementById("live");
  let pending = null;
  let asked = 0; // each look numbered: an older answer that comes last is not shown
  async function refresh() {
    pending = null;
    const mine = ++asked;
    const r = await fetch("/pit/tables", { credentials: "same-origin" });
    if (!r.ok) return;
    const html = await r.text();
    if (mine === asked && root.isConnected) root.innerHTML = html;
  }
  function soon() {
    if (!pending) pending = setTimeout(refresh, 150);
  }
  function watch(table, after) {
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    const ws = new WebSocket(scheme + location.host + "/api/tables/" + table + "/ws" +
      (after ? "?after=" + after : ""));
    ws.onopen = () => { live.textContent = "live"; };
    ws.onmessage = () => { if (root.isConnected) soon(); else ws.close(); };
    ws.onclose = () => {
      if (!root.isConnected) return; // the page was left: no reconnection
      live.textContent = "connection lost: reconnecting…";
      setTimeout(() => watch(table, null), 1000);
    };
  }
  for (const row of root.querySelectorAll("tr[data-table]")) {
    watch(row.dataset.table, row.dataset.version);
  }
  const looking = setInterval(() => { if (root.isConnected) soon(); else clearInterval(looking); }, 5000);
})();
