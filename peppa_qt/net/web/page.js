// Peppa's join page: one seat of a hosted table, played from a phone's browser.
//
// It speaks the table protocol (DESIGN.md, "Table protocol") at ws(s)://this host/table like
// any client: "seats" to list the free seats, "hello" to take one (or one's own back with
// the token kept in localStorage), "cards" to pass or play. The host sends this seat's view
// with the table at a glance ("glance", net/glance.py): the page draws it and nothing else.
// Every name and text goes in as text (textContent), never as HTML. No framework, no build.

const CODE = (location.pathname.split("/")[2] || "").toUpperCase();
const KEY = `peppa.table.${CODE}`;
const SUITS = "CDHS";
const SHOWN_SUIT_ORDER = "CDSH"; // black, red, black, red: neighbours never share a colour
const RANKS = "23456789TJQKA";
const MOON_PRESETS = ["hearts", "belmont"];
const TAKEN_BACK = 4001; // the server: another connection took this seat with our token
const BACKOFF_MS = [500, 1000, 2000, 4000, 8000, 10000];
const GIVE_UP_MS = 5 * 60 * 1000; // then a button to try again: a dead host is not hammered
const PROBE_MS = 4000;

let strings = { WebPage: {}, Texts: {} };
let socket = null;
let view = null; // the newest view
let selected = new Set(); // the cards chosen to pass (names)
let tries = 0;
let lostSince = 0;
let retryTimer = 0;
let probeTimer = 0;
let sentFor = ""; // the position we last acted on: one answer per position
let problemAt = ""; // the position a problem was said at: it goes once the game moves on

// ------------------------------------------------------------------ words

/** The player's language's words for `text` (English when none), {fields} filled in. */
function t(text, fields = {}, context = "WebPage") {
  const own = strings[context] && strings[context][text];
  return (own || text).replace(/\{([a-z_]+)\}/g, (whole, key) =>
    key in fields ? String(fields[key]) : whole);
}

async function loadWords() {
  const wanted = (navigator.languages || [navigator.language || "en"])[0] || "en";
  if (!wanted.toLowerCase().startsWith("it")) return;
  document.documentElement.lang = "it";
  try {
    const answer = await fetch("/web/it.json");
    if (answer.ok) strings = await answer.json();
  } catch (error) {
    // English it is: the page still works
  }
}

function wordStatic() {
  for (const node of document.querySelectorAll("[data-t]")) node.textContent = t(node.dataset.t);
}

const $ = (id) => document.getElementById(id);

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function show(id) {
  for (const part of ["join", "table", "away"]) $(part).hidden = part !== id;
  if (id !== "table") $("summary").hidden = true;
}

function banner(text) {
  $("banner").textContent = text || "";
  $("banner").hidden = !text;
}

// ------------------------------------------------------------------ storage

function kept() {
  try {
    return JSON.parse(localStorage.getItem(KEY) || "null");
  } catch (error) {
    return null;
  }
}

function keep(value) {
  try {
    if (value) localStorage.setItem(KEY, JSON.stringify(value));
    else localStorage.removeItem(KEY);
  } catch (error) {
    // private mode: the seat is kept for this page only
  }
}

// ------------------------------------------------------------------ connection

function connect() {
  clearTimeout(retryTimer);
  if (socket) return;
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${scheme}://${location.host}/table`);
  socket = ws;
  ws.onopen = () => {
    tries = 0;
    lostSince = 0;
    banner("");
    const mine = kept();
    if (mine && mine.token) hello(mine.name || "", null, mine.token);
    else send({ type: "seats", protocol: 1, table: CODE });
  };
  ws.onmessage = (event) => {
    clearTimeout(probeTimer);
    let message;
    try {
      message = JSON.parse(event.data);
    } catch (error) {
      return;
    }
    if (message && typeof message.type === "string") take(message);
  };
  ws.onclose = (event) => {
    if (socket !== ws) return;
    socket = null;
    clearTimeout(probeTimer);
    if (event.code === TAKEN_BACK) {
      awayScreen(t("This seat is now played in another window."), t("Play here"));
      return;
    }
    comeBackLater();
  };
}

function comeBackLater() {
  const now = Date.now();
  lostSince = lostSince || now;
  if (now - lostSince > GIVE_UP_MS) {
    banner("");
    awayScreen(t("The table cannot be reached."), t("Try again"));
    return;
  }
  banner(t("Connection lost: trying again…"));
  const wait = BACKOFF_MS[Math.min(tries, BACKOFF_MS.length - 1)];
  tries += 1;
  retryTimer = setTimeout(connect, wait);
}

function awayScreen(text, button) {
  $("away-text").textContent = text;
  $("again").textContent = button;
  show("away");
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

function hello(name, seat, token) {
  send({ type: "hello", protocol: 1, table: CODE, name: name || "?", seat, token, glance: true });
}

/** After a sleep the socket may be dead without knowing it: anything answered proves it alive. */
function probe() {
  if (!socket) {
    tries = 0;
    lostSince = 0;
    connect();
    return;
  }
  if (socket.readyState !== WebSocket.OPEN) return;
  send({ type: "seats", protocol: 1, table: CODE });
  clearTimeout(probeTimer);
  const ws = socket;
  probeTimer = setTimeout(() => {
    // Nothing answered: the line is dead. Its close would wait for an answer that never
    // comes (the closing handshake), so it is given up at once and a new one made.
    if (socket !== ws) return;
    socket = null;
    ws.onclose = null;
    ws.onmessage = null;
    ws.close();
    comeBackLater();
  }, PROBE_MS);
}

// ------------------------------------------------------------------ messages

function take(message) {
  if (message.type === "seats") {
    if (!view && !(kept() || {}).token) joinScreen(message);
  } else if (message.type === "welcome") {
    keep({ token: message.token, seat: message.seat, name: $("name").value.trim() || (kept() || {}).name });
  } else if (message.type === "view") {
    view = message;
    draw();
  } else if (message.type === "refused") {
    refused(message);
  }
}

function refused(message) {
  const code = message.code;
  if (code === "token") { // the seat is no longer ours (a new table, a finished game)
    keep(null);
    view = null;
    send({ type: "seats", protocol: 1, table: CODE });
  } else if (code === "table" && view) { // the game ended and its table was let go
    keep(null);
    awayScreen(t("This table is closed."), t("Try again"));
  } else if (code === "illegal" || code === "turn") {
    sentFor = "";
    problem(ruleText(message.rule));
  } else if (!view) {
    const words = {
      table: t("No table has this code."),
      full: t("Every seat of this table is taken."),
      seat: t("That seat has just been taken: choose another."),
      name: t("A name is 1 to 24 letters."),
    };
    $("join-problem").textContent = words[code] || message.reason || "";
    if (code === "seat") send({ type: "seats", protocol: 1, table: CODE });
    else if (code === "table") {
      keep(null);
      show("join");
    }
  }
}

/** Why a card was refused, as the window says it. */
function ruleText(rule) {
  if (rule === "must_follow_suit" && view && view.glance && view.glance.trick.length) {
    const suit = SUITS.indexOf(view.glance.trick[0][1].slice(-1));
    return t("You must follow {suit}.", { suit: suitName(suit) }, "Texts");
  }
  const sentences = {
    must_follow_suit: "You must follow the suit led.",
    hearts_not_broken: "Hearts are not broken yet: lead another suit.",
    must_lead_lowest_club: "The first trick must be led with the lowest club.",
    no_points_on_first_trick: "No hearts and no queen of spades on the first trick.",
    not_your_turn: "Wait for your turn.",
    already_passed: "You have already passed your cards.",
    wrong_pass_size: "Choose exactly three cards to pass.",
    card_not_held: "That card is not in your hand.",
    game_over: "The game is over.",
  };
  return t(sentences[rule] || "Wait for your turn.", {}, "Texts");
}

/** Say in one line why a tap did nothing (until the game moves on). */
function problem(words) {
  $("problem").textContent = words;
  problemAt = view ? position(view) : "";
}

function suitName(suit) {
  return t(["clubs", "diamonds", "hearts", "spades"][suit], {}, "Texts");
}

// ------------------------------------------------------------------ choosing a seat

function joinScreen(seats) {
  const mine = kept() || {};
  if (!$("name").value) $("name").value = mine.name || localStorage.getItem("peppa.name") || "";
  $("join-rules").textContent = presetName(seats.rules);
  const list = $("seats");
  list.replaceChildren();
  seats.players.forEach((player, seat) => {
    const button = el("button", "seat", player.free ? t("Seat {n}", { n: seat + 1 }) : player.name);
    button.type = "button";
    button.disabled = !player.free;
    button.addEventListener("click", () => chooseSeat(seat));
    list.append(button);
  });
  if (!seats.free.length) $("join-problem").textContent = t("Every seat of this table is taken.");
  show("join");
}

function chooseSeat(seat) {
  const name = $("name").value.trim();
  if (!name) {
    $("join-problem").textContent = t("A name is 1 to 24 letters.");
    $("name").focus();
    return;
  }
  try {
    localStorage.setItem("peppa.name", name);
  } catch (error) {
    // not kept: asked again next time
  }
  hello(name, seat, null);
}

function presetName(preset) {
  const names = { peppa: "Peppa", torino: "Peppa Torino", hearts: "Hearts", belmont: "Belmont" };
  return t(names[preset] || preset || "", {}, "Texts");
}

// ------------------------------------------------------------------ the table

function name(seat) {
  return seat === view.seat ? t("You") : view.names[seat];
}

function position(v) {
  const g = v.glance || {};
  return `${g.hand_index}|${g.phase}|${(g.trick || []).length}|${(g.hand || []).length}|${v.to_act}`;
}

function draw() {
  const v = view;
  const g = v.glance;
  show("table");
  if (position(v) !== problemAt) $("problem").textContent = "";
  if (!v.started || !g) {
    $("status").textContent = t("Waiting for the other players…");
    drawScores(null);
    drawTrick(null);
    $("trick").hidden = true;
    drawHand([], false);
    $("send").hidden = true;
    $("summary").hidden = true;
    return;
  }
  drawScores(g);
  drawStatus(g);
  drawTrick(g);
  const passing = g.phase === "passing" && v.to_act;
  if (!passing) selected = new Set();
  drawHand(g.hand, passing);
  drawSend(g, passing);
  drawSummary(g);
  $("trick").hidden = g.phase !== "playing"; // (while passing, and once scored: nothing on it)
}

function drawStatus(g) {
  const v = view;
  let text;
  if (v.over) text = t("Game over");
  else if (g.phase === "scored") text = t("Hand {n} is over.", { n: g.hand_index + 1 });
  else if (g.phase === "passing" && v.to_act) {
    text = t("Choose {count} cards to pass to {name}.", { count: g.pass.size, name: view.names[g.pass.to] });
  } else if (g.phase === "passing") text = t("Waiting for the others to pass…");
  else if (v.to_act) text = t("Your turn: tap a card to play it.");
  else if (g.to_move !== null) text = t("{name} is playing…", { name: view.names[g.to_move] });
  else text = "";
  $("status").textContent = text;
  $("status").classList.toggle("yours", Boolean(v.to_act));
}

function drawScores(g) {
  const body = $("scores").tBodies[0];
  body.replaceChildren();
  view.names.forEach((player, seat) => {
    const row = el("tr");
    if (seat === view.seat) row.classList.add("me");
    if (g && g.to_move === seat && g.phase === "playing") row.classList.add("turn");
    const who = el("td", "who", seat === view.seat ? t("{name} (you)", { name: player }) : player);
    if (view.connected && !view.connected[seat] && view.away && view.away[seat]) {
      who.append(el("small", "", ` · ${t("away")}`));
    }
    if (g && g.phase === "passing" && view.passed && view.passed[seat]) who.append(el("small", "", " ✓"));
    row.append(who, el("td", "num", g ? String(g.taken[seat]) : ""), el("td", "num", g ? String(g.totals[seat]) : ""));
    body.append(row);
  });
}

function drawTrick(g) {
  const box = $("trick-cards");
  box.replaceChildren();
  let cards = [];
  let caption = "";
  if (g && g.phase === "playing" && g.trick.length) cards = g.trick;
  else if (g && g.phase === "playing" && g.last_trick) {
    cards = g.last_trick.cards;
    caption = g.last_trick.winner === view.seat
      ? t("You took the trick.")
      : t("{name} took the trick.", { name: view.names[g.last_trick.winner] });
  } else if (g && g.phase === "playing" && g.leader !== null) {
    caption = g.leader === view.seat ? t("You lead.") : t("{name} leads.", { name: view.names[g.leader] });
    if (g.pass.direction === "hold") caption = `${t("No passing this hand.")} ${caption}`;
  }
  $("trick-caption").textContent = caption;
  box.classList.toggle("done", Boolean(g && !g.trick.length && g.last_trick));
  for (const [seat, card] of cards) {
    const slot = el("figure", "played");
    slot.append(cardImage(card), el("figcaption", "", name(seat)));
    box.append(slot);
  }
}

function sortKey(card) {
  return SHOWN_SUIT_ORDER.indexOf(card.slice(-1)) * 20 + RANKS.indexOf(card[0]);
}

function drawHand(hand, passing) {
  const box = $("hand");
  box.replaceChildren();
  const g = view.glance;
  // The cards received stand out until the first trick is taken.
  const received = new Set((g && g.phase === "playing" && !g.last_trick && g.pass.received) || []);
  const sorted = [...hand].sort((a, b) => sortKey(a) - sortKey(b));
  const chosen = new Set();
  sorted.forEach((card, index) => {
    const button = el("button", "card");
    button.type = "button";
    button.dataset.card = card;
    button.append(cardImage(card));
    // (two of a card in Belmont: a choice is the card's place in the hand)
    const id = `${card}#${index}`;
    if (passing && selected.has(id)) button.classList.add("chosen");
    if (received.has(card) && !chosen.has(card)) {
      button.classList.add("received");
      chosen.add(card);
    }
    button.addEventListener("click", () => tapped(card, id, passing));
    box.append(button);
  });
}

function tapped(card, id, passing) {
  $("problem").textContent = "";
  const v = view;
  const g = v.glance;
  if (passing) {
    if (selected.has(id)) selected.delete(id);
    else if (selected.size < g.pass.size) selected.add(id);
    else problem(t("You have chosen {count} cards: tap one to put it back.", { count: g.pass.size }));
    draw();
    return;
  }
  if (v.over || g.phase !== "playing" || !v.to_act) {
    problem(t(g.phase === "passing" ? "You have already passed your cards." : "Wait for your turn.", {}, "Texts"));
    return;
  }
  if (sentFor === position(v)) return; // one card per turn: the view that follows says what next
  sentFor = position(v);
  send({ type: "cards", cards: [card] });
}

function drawSend(g, passing) {
  const button = $("send");
  button.hidden = !passing;
  if (!passing) return;
  const missing = g.pass.size - selected.size;
  button.textContent = missing > 0
    ? t("Choose {count} more", { count: missing })
    : t("Pass to {name}", { name: view.names[g.pass.to] });
  button.disabled = missing > 0 || sentFor === position(view);
}

function passChosen() {
  const g = view.glance;
  if (selected.size !== g.pass.size) return;
  sentFor = position(view);
  send({ type: "cards", cards: [...selected].map((id) => id.split("#")[0]) });
  $("send").disabled = true;
}

function drawSummary(g) {
  const box = $("summary");
  const scored = g.phase === "scored" && g.result;
  box.hidden = !scored;
  if (!scored) return;
  $("summary-title").textContent = view.over ? t("Game over") : t("Hand {n}", { n: g.hand_index + 1 });
  const moon = g.result.moon;
  let moonText = "";
  if (moon !== null) {
    const word = MOON_PRESETS.includes(g.rules) ? "{name} shot the moon!" : "{name} made cappotto!";
    moonText = t(word, { name: view.names[moon] }, "Texts");
  }
  $("summary-moon").textContent = moonText;
  const body = $("summary-table").tBodies[0];
  body.replaceChildren();
  const order = view.over && g.ranking.length ? g.ranking : view.names.map((n, s) => s);
  for (const seat of order) {
    const row = el("tr");
    if (seat === view.seat) row.classList.add("me");
    if (view.over && g.winners.includes(seat)) row.classList.add("winner");
    row.append(el("td", "who", view.names[seat]), el("td", "num", String(g.result.points[seat])),
      el("td", "num", String(g.totals[seat])));
    body.append(row);
  }
  let next = t("The next hand is coming…");
  if (view.over) {
    const names = g.winners.map((s) => view.names[s]).join(", ");
    next = g.winners.includes(view.seat) ? t("You win!") : t("Winner: {name}", { name: names });
  }
  $("summary-next").textContent = next;
}

function cardImage(card) {
  const image = el("img");
  image.src = `/web/cards/${card}.svg`;
  image.alt = cardLabel(card);
  image.draggable = false;
  return image;
}

function cardLabel(card) {
  const rank = card[0] === "T" ? "10" : card[0];
  return rank + "♣♦♥♠"[SUITS.indexOf(card.slice(-1))];
}

// ------------------------------------------------------------------ start

async function start() {
  await loadWords();
  wordStatic();
  $("send").addEventListener("click", passChosen);
  $("again").addEventListener("click", () => {
    tries = 0;
    lostSince = 0;
    banner("");
    connect();
  });
  $("name").addEventListener("keydown", (event) => {
    if (event.key === "Enter") $("name").blur();
  });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && $("away").hidden) probe();
  });
  window.addEventListener("online", () => { if ($("away").hidden) probe(); });
  if (!/^[A-Z0-9]{6}$/.test(CODE)) {
    $("join-problem").textContent = t("No table has this code.");
    show("join");
    return;
  }
  connect();
}

start();
