// arbitro's electronic score sheet (issue 31; docs/hall.md). The player taps a piece,
// then the square where it lands (a capture: each landing square in turn, or the first
// and last only when no other capture fits them: else the page asks which), then Write.
// The page records what is tapped and never judges it: it knows no rule, shows no legal
// move and refuses nothing that could be a move. It only moves the piece on its own board
// (removing what lies between two landing squares, crowning a man on the far row) so that
// the player sees the position he wrote.
//
// Every entry (a ply, or the strike of the last ply) is kept on the device (local
// storage) with its sequence number, then sent in order, one at a time, until the hall
// acknowledges it; the same entry sent twice is stored once (the hall keys it by device
// and number). When the network drops the entries wait and go when it returns; the line
// at the top says whether the sheet is synchronised. For the player who keeps it as Black
// the board is turned round (flip).
(function () {
  "use strict";
  var root = document.getElementById("sheet");
  if (!root) { return; }
  var api = root.getAttribute("data-api");
  var size = Number(root.getAttribute("data-size"));
  var startFEN = root.getAttribute("data-start-fen");
  var who = document.getElementById("sheet-who");
  var whoMsg = document.getElementById("sheet-who-msg");
  var main = document.getElementById("sheet-main");
  var boardEl = document.getElementById("sheet-board");
  var pathOut = document.getElementById("sheet-path");
  var scoreEl = document.getElementById("sheet-score");
  var syncEl = document.getElementById("sheet-sync");
  var endForm = document.getElementById("sheet-end");
  var endMsg = document.getElementById("sheet-end-msg");

  // The squares: number -> element, row and column (the board's cells are in row order).
  var cells = [], bySq = {}, rc = {}, at = {};
  Array.prototype.forEach.call(boardEl.children, function (el, i) {
    var r = Math.floor(i / size), c = i % size;
    cells.push(el);
    var sq = el.getAttribute("data-sq");
    if (sq) {
      bySq[sq] = el;
      rc[sq] = [r, c];
      at[r + "," + c] = sq;
    }
  });

  // flip turns the board round for the player who keeps the sheet as Black: the squares
  // in the reverse order (the board seen from the other side, Black's men at the bottom),
  // each square keeping its number, as the federation numbers the board (FID 8x8, FMJD
  // 10x10). Only the order on the screen changes: a tap still names the square tapped,
  // and rc keeps each square's row and column as White sees them.
  function flip() {
    if (boardEl.getAttribute("data-flipped") === "1") { return; }
    for (var i = cells.length - 1; i >= 0; i--) { boardEl.appendChild(cells[i]); }
    // (not the class "flipped": site.css turns such a board round a second time)
    boardEl.setAttribute("data-flipped", "1");
  }

  function parseFEN(fen) {
    var out = {};
    fen.split(":").slice(1).forEach(function (field) {
      var side = field.charAt(0) === "W" ? "w" : "b";
      field.slice(1).split(",").forEach(function (item) {
        if (item === "") { return; }
        var king = item.charAt(0) === "K";
        out[king ? item.slice(1) : item] = side + (king ? "k" : "m");
      });
    });
    return out;
  }
  // White's far row: the row away from White's men at the start.
  var start = parseFEN(startFEN), whiteRows = 0, whiteMen = 0;
  Object.keys(start).forEach(function (sq) {
    if (start[sq] === "wm") { whiteRows += rc[sq][0]; whiteMen++; }
  });
  var whiteFar = whiteMen && whiteRows / whiteMen > size / 2 ? 0 : size - 1;

  // between lists the squares strictly between a and b on a diagonal ([] if none).
  function between(a, b) {
    var p = rc[a], q = rc[b], out = [];
    if (!p || !q) { return out; }
    var dr = q[0] - p[0], dc = q[1] - p[1];
    if (Math.abs(dr) !== Math.abs(dc) || dr === 0) { return out; }
    var sr = dr > 0 ? 1 : -1, sc = dc > 0 ? 1 : -1;
    for (var k = 1; k < Math.abs(dr); k++) {
      var s = at[(p[0] + k * sr) + "," + (p[1] + k * sc)];
      if (s) { out.push(s); }
    }
    return out;
  }

  // A capture may be written by some of its landing squares only: the first and the last
  // ("14x34" for 14x23x34), as the federations write it and as PDN allows where it is
  // unambiguous. The page reads such a ply as a reader of the paper sheet would, from the
  // board's geometry alone (how a piece jumps, not whether it must or may): the captures
  // that start on the first square, land on the written squares in order, end on the last
  // one and cannot go on from there. The pieces every such capture takes are taken; where
  // none fits, what stands between two written squares. It judges nothing: a capture that
  // is illegal, or that other pieces must make, is played as written.
  // Kings fly and men also take backwards on the FMJD's board (data-flying); on the FID's,
  // kings move one square and a man takes forwards only, and never a king.
  var flying = root.getAttribute("data-flying") === "1";
  var dirs = [[-1, -1], [-1, 1], [1, -1], [1, 1]];

  // jumps lists the single jumps of piece (on from, having left origin, with the pieces of
  // gone taken already) on pos: [{to, taken}].
  function jumps(pos, piece, from, origin, gone) {
    var out = [], king = piece.charAt(1) === "k", mine = piece.charAt(0);
    var forward = (mine === "w") === (whiteFar === 0) ? -1 : 1;
    var free = function (s) { return s && (s === origin || !pos[s]); };
    dirs.forEach(function (d) {
      if (!king && !flying && d[0] !== forward) { return; }
      var r = rc[from][0], c = rc[from][1], k = 1, s;
      if (king && flying) {
        while ((s = at[(r + k * d[0]) + "," + (c + k * d[1])]) && free(s)) { k++; }
      } else {
        s = at[(r + d[0]) + "," + (c + d[1])];
      }
      if (!s || free(s) || pos[s].charAt(0) === mine || gone.indexOf(s) >= 0) { return; }
      if (!king && !flying && pos[s].charAt(1) === "k") { return; }
      for (var j = k + 1; ; j++) {
        var l = at[(r + j * d[0]) + "," + (c + j * d[1])];
        if (!free(l)) { break; }
        out.push({ to: l, taken: s });
        if (!(king && flying)) { break; }
      }
    });
    return out;
  }

  // completions are the sets of pieces taken by every capture that fits the written
  // landing squares path on pos (see above), at most a few dozen; fullPaths, when given,
  // receives each one's every landing square (path[0] first), in the same order.
  function completions(pos, path, fullPaths) {
    var piece = pos[path[0]], out = [];
    if (!piece || !rc[path[0]]) { return out; }
    (function walk(from, k, gone, landed) {
      if (out.length > 50) { return; }
      var next = jumps(pos, piece, from, path[0], gone);
      if (next.length === 0) {
        if (k === path.length && gone.length) {
          out.push(gone);
          if (fullPaths) { fullPaths.push([path[0]].concat(landed)); }
        }
        return;
      }
      if (k === path.length) { return; } // it would go on past the last written square
      next.forEach(function (j) {
        var g = gone.concat([j.taken]), l = landed.concat([j.to]);
        if (j.to === path[k]) {
          walk(j.to, k + 1, g, l);
          if (k + 1 < path.length) { return; }
        }
        walk(j.to, k, g, l); // (it may pass the last written square and come back to it)
      });
    })(path[0], 1, [], []);
    return out;
  }

  // choices are the plies a tapped path leaves open on pos, as they would be written: a
  // capture's every landing square ("11x18x27") for each different set of pieces the
  // captures that fit it take, and the move itself ("4-15") when the path is quiet (a
  // king's move that a capture could also end); [] when one reading is left. Squares
  // tapped that fit captures taking different pieces ("11x27" for 11x18x27 or 11x20x27)
  // do not say which was played: PDN 3.0 and the federations' notation then write the
  // landing squares in between, so the page asks which (it still judges nothing: any
  // capture that fits is offered, legal or not).
  function choices(pos, path) {
    if (path.length < 2) { return []; }
    var full = [], seen = {}, out = [];
    completions(pos, path, full).forEach(function (gone, i) {
      var k = gone.slice().sort().join(",");
      if (!seen[k]) { seen[k] = true; out.push(full[i].join("x")); }
    });
    if (out.length > 0 && quiet(pos, path)) { out.unshift(path.join("-")); }
    return out.length > 1 ? out : [];
  }

  // quiet reports whether path is two squares on one diagonal with nothing between: a
  // move that takes nothing (a king's, or a man's step), or a capture that comes back to
  // that diagonal.
  function quiet(pos, path) {
    var straight = path.length === 2 && rc[path[0]] && rc[path[1]] &&
      Math.abs(rc[path[1]][0] - rc[path[0]][0]) === Math.abs(rc[path[1]][1] - rc[path[0]][1]);
    return straight && !between(path[0], path[1]).some(function (s) { return !!pos[s]; });
  }

  // reading is how the page reads the landing squares path on pos: whether it takes
  // anything, and the squares whose pieces it takes. sep is how the ply was written ("x" a
  // capture, "-" a move; "" when only tapped): a quiet path (above) is a move unless
  // written with "x".
  function reading(pos, path, sep) {
    if (sep !== "x" && quiet(pos, path)) { return { takes: false, gone: [] }; }
    var fits = completions(pos, path);
    if (fits.length) {
      return { takes: true, gone: fits[0].filter(function (s) { return fits.every(function (f) { return f.indexOf(s) >= 0; }); }) };
    }
    var gone = [];
    for (var i = 1; i < path.length; i++) {
      between(path[i - 1], path[i]).forEach(function (s) { if (pos[s]) { gone.push(s); } });
    }
    return { takes: path.length > 2 || gone.length > 0, gone: gone };
  }

  // play moves the piece along path on pos (no rule: what the player wrote, read as above).
  function play(pos, path, sep) {
    var piece = pos[path[0]];
    if (!piece) { return; }
    reading(pos, path, sep).gone.forEach(function (s) { delete pos[s]; });
    delete pos[path[0]];
    var to = path[path.length - 1], row = rc[to] ? rc[to][0] : -1;
    if (piece === "wm" && row === whiteFar) { piece = "wk"; }
    if (piece === "bm" && row === size - 1 - whiteFar) { piece = "bk"; }
    pos[to] = piece;
  }

  // The ply text of a tapped path: landings joined by x when it takes something, else
  // from-to.
  function plyText(pos, path) {
    return path.join(reading(pos, path, "").takes ? "x" : "-");
  }

  // ---- the sheet kept on the device
  var key = root.getAttribute("data-key");
  var side = "", pin = "";
  var st = null; // {device, seq, base: [plies from the hall], entries: [{seq, kind, text, sent}]}
  function load() {
    try { st = JSON.parse(window.localStorage.getItem(key + ":" + side) || "null"); } catch (e) { st = null; }
    if (!st) {
      var b = new Uint8Array(8);
      window.crypto.getRandomValues(b);
      st = { device: Array.prototype.map.call(b, function (x) { return ("0" + x.toString(16)).slice(-2); }).join(""), seq: 0, base: null, entries: [] };
    }
  }
  function save() { window.localStorage.setItem(key + ":" + side, JSON.stringify(st)); }
  function standing() {
    var out = (st.base || []).slice();
    st.entries.forEach(function (e) {
      if (e.kind === "ply") { out.push(e.text); } else if (out.length) { out.pop(); }
    });
    return out;
  }

  // The opponent's plies (read when the sheet opens and before a confirmation): a player
  // who keeps no sheet confirms his opponent's.
  var opp = [];
  var oppEl = document.getElementById("sheet-opponent");
  var oppScore = document.getElementById("sheet-opponent-score");
  function numbered(plies) {
    var out = [];
    for (var i = 0; i < plies.length; i += 2) {
      out.push((i / 2 + 1) + ". " + plies[i] + (i + 1 < plies.length ? " " + plies[i + 1] : ""));
    }
    return out.join(" ");
  }

  var sel = []; // the squares tapped for the ply being written
  function position() {
    var pos = parseFEN(startFEN);
    standing().forEach(function (t) { play(pos, t.split(/[-x]/), t.indexOf("x") >= 0 ? "x" : "-"); });
    return pos;
  }
  function render() {
    var pos = position();
    var shown = {};
    Object.keys(pos).forEach(function (s) { shown[s] = pos[s]; });
    cells.forEach(function (el) {
      var sq = el.getAttribute("data-sq");
      if (!sq) { return; }
      el.classList.remove("wm", "wk", "bm", "bk", "from", "to");
      if (shown[sq]) { el.classList.add(shown[sq]); }
    });
    sel.forEach(function (s, i) { bySq[s].classList.add(i === 0 ? "from" : "to"); });
    pathOut.textContent = sel.length > 1 ? plyText(pos, sel) : sel.join("");
    var plies = standing();
    scoreEl.textContent = "";
    for (var i = 0; i < plies.length; i += 2) {
      var li = document.createElement("li");
      li.textContent = plies[i] + (i + 1 < plies.length ? " " + plies[i + 1] : "");
      scoreEl.appendChild(li);
    }
    scoreEl.setAttribute("data-plies", String(plies.length));
    scoreEl.setAttribute("data-score", plies.join(" "));
    oppEl.hidden = plies.length > 0 || opp.length === 0 || st.entries.length > 0;
    oppScore.textContent = numbered(opp);
    showSync();
  }
  var offline = false;
  function showSync() {
    var waiting = st.entries.filter(function (e) { return !e.sent; }).length;
    var state = waiting === 0 ? "synced" : offline ? "offline" : "pending";
    syncEl.setAttribute("data-state", state);
    syncEl.setAttribute("data-waiting", String(waiting));
    syncEl.textContent = state === "synced" ? syncEl.getAttribute("data-synced") :
      syncEl.getAttribute(state === "offline" ? "data-offline" : "data-pending").replace("{n}", String(waiting));
    syncEl.className = "sync " + (state === "synced" ? "ok" : "bad");
  }

  function post(fields) {
    var body = new URLSearchParams();
    body.set("side", side);
    body.set("pin", pin);
    body.set("device", st.device);
    Object.keys(fields).forEach(function (k) { body.set(k, fields[k]); });
    return fetch(api, { method: "POST", body: body, credentials: "same-origin", cache: "no-store" })
      .then(function (r) { return r.json().catch(function () { return { error: "status " + r.status }; }).then(function (j) { j.status = r.status; return j; }); });
  }

  // send sends the first entry not yet acknowledged, then the next, in order.
  var sending = false;
  function send() {
    if (sending || !pin) { return; }
    var e = null;
    for (var i = 0; i < st.entries.length; i++) {
      if (!st.entries[i].sent) { e = st.entries[i]; break; }
    }
    if (!e) { offline = false; showSync(); return; }
    sending = true;
    post({ action: e.kind, seq: String(e.seq), text: e.text })
      .then(function (j) {
        sending = false;
        offline = false;
        if (j.ok) {
          e.sent = true;
        } else if (j.expected) {
          // The hall has every entry of this device below j.expected and none from it.
          st.entries.forEach(function (x) { x.sent = x.seq < j.expected; });
        } else if (j.error === "keeper") {
          // The event has his opponent keep the sheet for both (arbitro hall set --sheets):
          // nothing he writes is kept; he confirms his opponent's sheet at the end.
          syncEl.textContent = syncEl.getAttribute("data-keeper");
          syncEl.setAttribute("data-state", "keeper");
          syncEl.className = "sync bad";
          return;
        } else {
          showSync();
          return; // refused (a wrong PIN): nothing more until the page is opened again
        }
        save();
        showSync();
        send();
      }, function () {
        sending = false;
        offline = true;
        showSync();
        window.setTimeout(send, 1500);
      });
  }
  window.setInterval(send, 3000);
  window.addEventListener("online", send);

  function add(kind, text) {
    st.seq++;
    st.entries.push({ seq: st.seq, kind: kind, text: text, sent: false });
    save();
    render();
    send();
  }

  boardEl.addEventListener("click", function (ev) {
    var el = ev.target.closest ? ev.target.closest(".sq.d") : null;
    if (!el) { return; }
    var sq = el.getAttribute("data-sq");
    if (sel.length === 0) {
      if (!position()[sq]) { return; }
      sel = [sq];
    } else if (sq === sel[0] && sel.length === 1) {
      sel = [];
    } else {
      sel.push(sq);
    }
    which.hidden = true;
    render();
  });
  // The question when the tapped squares fit captures taking different pieces: a button
  // for each, writing its every landing square.
  var which = document.getElementById("sheet-which");
  var whichPaths = document.getElementById("sheet-which-paths");
  function ask(texts) {
    whichPaths.textContent = "";
    texts.forEach(function (text) {
      var b = document.createElement("button");
      b.type = "button";
      b.textContent = text;
      b.setAttribute("data-path", text);
      b.addEventListener("click", function () {
        which.hidden = true;
        sel = [];
        add("ply", text);
      });
      whichPaths.appendChild(b);
    });
    which.hidden = false;
  }
  document.getElementById("sheet-write").addEventListener("click", function () {
    if (sel.length < 2) { return; }
    var pos = position();
    var open = choices(pos, sel);
    if (open.length) { ask(open); return; }
    var text = plyText(pos, sel);
    sel = [];
    which.hidden = true;
    add("ply", text);
  });
  document.getElementById("sheet-clear").addEventListener("click", function () { sel = []; which.hidden = true; render(); });
  document.getElementById("sheet-strike").addEventListener("click", function () {
    sel = [];
    if (standing().length) { add("strike", ""); }
  });

  who.addEventListener("submit", function (ev) {
    ev.preventDefault();
    var f = new FormData(who);
    side = String(f.get("side") || "");
    pin = String(f.get("pin") || "");
    load();
    post({ action: "read" }).then(function (j) {
      if (!j.ok) {
        whoMsg.textContent = whoMsg.getAttribute(j.status === 429 ? "data-limited" : "data-wrongpin");
        whoMsg.hidden = false;
        return;
      }
      opp = j.opponent || [];
      if (st.base === null && st.entries.length === 0) { st.base = j.plies || []; }
      if (st.base === null) { st.base = []; }
      save();
      whoMsg.hidden = true;
      who.hidden = true;
      main.hidden = false;
      root.setAttribute("data-side", side);
      if (side === "B") { flip(); }
      render();
      send();
    }, function () {
      // No network: the sheet kept on this device opens; its entries wait.
      if (st.base === null) { st.base = []; }
      who.hidden = true;
      main.hidden = false;
      root.setAttribute("data-side", side);
      if (side === "B") { flip(); }
      offline = true;
      render();
      send();
    });
  });

  endForm.addEventListener("submit", function (ev) {
    ev.preventDefault();
    var res = String(new FormData(endForm).get("result") || "");
    var say = function (k) { endMsg.textContent = endMsg.getAttribute("data-" + k); endMsg.setAttribute("data-status", k); endMsg.hidden = false; };
    if (st.entries.some(function (e) { return !e.sent; })) { say("notsynced"); return; }
    var confirm = function (moves) {
      post({ action: "confirm", result: res, moves: moves }).then(function (j) {
        if (j.ok && j.state) { say(j.state); } else if (j.error === "order") { say("notsynced"); } else { say("refused"); }
      }, function () { say("notsynced"); });
    };
    if (standing().length > 0) { confirm(standing().join(" ")); return; }
    // No sheet of his own: he confirms his opponent's, as it stands now (shown first).
    post({ action: "read" }).then(function (j) {
      opp = j.opponent || [];
      render();
      confirm(opp.join(" "));
    }, function () { say("notsynced"); });
  });
})();
