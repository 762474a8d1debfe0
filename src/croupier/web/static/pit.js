// The pit: one WebSocket per open table; any update of any of them refreshes the server's own
// rendering of the pit's table (GET /pit/tables). Refusals change no table, so the pit also
// looks again every few seconds.
(function () {
  "use strict";
  const root = document.getElementById("pit");
  if (!root) return;
  const live = document.getElementById("live");
  let pending = null;
  async function refresh() {
    pending = null;
    const r = await fetch("/pit/tables", { credentials: "same-origin" });
    if (r.ok) root.innerHTML = await r.text();
  }
  function soon() {
    if (!pending) pending = setTimeout(refresh, 150);
  }
  function watch(table, after) {
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    const ws = new WebSocket(scheme + location.host + "/api/tables/" + table + "/ws" +
      (after ? "?after=" + after : ""));
    ws.onopen = () => { live.textContent = "live"; };
    ws.onmessage = soon;
    ws.onclose = () => {
      live.textContent = "connection lost: reconnecting…";
      setTimeout(() => watch(table, null), 1000);
    };
  }
  for (const row of root.querySelectorAll("tr[data-table]")) {
    watch(row.dataset.table, row.dataset.version);
  }
  setInterval(soon, 5000);
})();
