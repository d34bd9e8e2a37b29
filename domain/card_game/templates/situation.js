// The twin of situation.html (and of the shared macros it uses, web/templates/situation/
// _macros.html): the same markup drawn in the browser from the situation as data, while the
// replay's script steps through a run of frames (web/situation_scripts.py). Change the two
// together: tests/browser/test_replay_situation_twins_in_browser.py holds them equal at every
// step of the golden matches, in English and Japanese.
(function () {
  "use strict";

  // As markupsafe escapes.
  var ESCAPES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&#34;", "'": "&#39;" };
  function esc(value) {
    return py(value).replace(/[&<>"']/g, function (c) { return ESCAPES[c]; });
  }
  // A value as Jinja writes it: Python's str().
  function py(value) {
    if (value === null || value === undefined) return "None";
    if (value === true) return "True";
    if (value === false) return "False";
    return String(value);
  }
  // A translated word (already escaped by the server), its placeholders filled in, escaped.
  function say(words, key, values) {
    return words[key].replace(/%\((\w+)\)s/g, function (all, name) { return esc(values[name]); });
  }
  // A word of the situation as the server's `translated` shows it (situation_data's `said`).
  function said(value, data) {
    return Object.prototype.hasOwnProperty.call(data.said || {}, value) ? data.said[value] : value;
  }
  function labelOf(side, labels) {
    return side ? esc(Object.prototype.hasOwnProperty.call(labels, side) ? labels[side] : side) : "—";
  }
  function fact(term, value, cls) {
    return '<div class="fact ' + (cls || "") + '"><dt>' + term + "</dt><dd>" + value + "</dd></div>";
  }

  function scoreboard(sides, score, labels, words) {
    var html = '<div class="scoreboard" role="group" aria-label="' + words.Score + '">';
    for (var i = 0; i < sides.length; i++) {
      var side = sides[i];
      html += '<div class="score-side side-' + esc(side) + '"><span class="score-name">' +
        labelOf(side, labels) + '</span> <span class="score-goals">' +
        esc(score[side] === undefined ? 0 : score[side]) + "</span></div>";
      if (i < sides.length - 1) html += '<span class="score-dash" aria-hidden="true">–</span>';
    }
    return html + "</div>";
  }

  function coachSection(side, coach, situation, words, names, shown, data) {
    // The label as the server shows it, in the page's language (situation_data's `labels`).
    var label = Object.prototype.hasOwnProperty.call(shown, side) ? shown[side] : coach.label;
    var html = '<section class="coach side-' + esc(side) +
      (side === situation.attacker ? " is-attacking" : "") + '" aria-label="' + esc(label) + '">';
    html += "<h3>" + esc(label) +
      (side === situation.turn ? ' <span class="badge">' + words["to play"] + "</span>" : "") + "</h3>";
    html += '<p class="counts">' +
      say(words, "counts", { hand: coach.hand, deck: coach.deck, discard: coach.discard }) +
      (coach.eliminated ? " " + say(words, "eliminated", { eliminated: coach.eliminated }) : "") + "</p>";
    var bank = coach.bank;
    html += '<p class="bank" aria-label="' + words.Bank + '">' + words["Bank:"] +
      ' <span class="pt shot">S ' + esc(bank.shot) + "</span>" +
      ' <span class="pt pass">P ' + esc(bank.pass) + "</span>" +
      ' <span class="pt defense">D ' + esc(bank.defense) + "</span></p>";
    var booking = coach.booking;
    if (booking) {
      html += '<p class="booking booking-' + esc(booking.color) + '">' + say(words, "booked", {
        color: said(booking.color, data), shot: booking.shot, pass: booking.pass, defense: booking.defense
      }) + "</p>";
    }
    html += '<table class="play-area"><caption>' + words["Play area"] + "</caption>" +
      '<thead><tr><th scope="col">' + words.Card + '</th><th scope="col" title="' + words.Shot +
      '">' + words.S + '</th><th scope="col" title="' + words.Pass + '">' + words.P +
      '</th><th scope="col" title="' + words.Defense + '">' + words.D + "</th></tr></thead><tbody>";
    var area = coach.play_area;
    for (var i = 0; i < area.length; i++) {
      var card = area[i];
      var name = Object.prototype.hasOwnProperty.call(names, card.name) ? names[card.name] : card.name;
      html += '<tr><th scope="row">' + esc(name) +
        (card.motivated ? ' <span class="badge">' + words.motivated + "</span>" : "") +
        (card.signed ? ' <span class="badge">' + words.signed + "</span>" : "") + "</th>" +
        "<td>" + esc(card.shot) + "</td><td>" + esc(card.pass) + "</td><td>" + esc(card.defense) + "</td></tr>";
    }
    if (!area.length) html += '<tr><td colspan="4" class="empty">' + words["no cards played"] + "</td></tr>";
    var totals = coach.totals;
    html += '</tbody><tfoot><tr><th scope="row">' + words.Total + "</th><td>" + esc(totals.shot) +
      "</td><td>" + esc(totals.pass) + "</td><td>" + esc(totals.defense) + "</td></tr></tfoot></table>";
    return html + "</section>";
  }

  function draw(data, labels, words) {
    var situation = data.situation;
    var names = data.names || {};
    var sides = Object.keys(situation.coaches);
    var html = '<section class="situation situation-card-game" aria-label="' + words.Situation + '">';
    html += scoreboard(sides, situation.score, labels, words);
    html += '<p class="period"><strong>' + (situation.period_name ? esc(said(situation.period_name, data)) : words["Before the kick-off"]) + "</strong>" +
      (situation.round ? " " + say(words, "round", { round: situation.round }) : "") +
      (situation.injury_time ? ' · <span class="badge">' + words["injury time"] + "</span>" : "") +
      (situation.extra_time ? ' · <span class="badge">' + words["extra time"] + "</span>" : "") +
      " " + say(words, "phase", { phase: said(situation.phase, data) }) + " </p>";
    html += '<dl class="facts">' +
      fact(words.Attacking, labelOf(situation.attacker, labels), "attacker") +
      fact(words.Defending, labelOf(situation.defender, labels)) +
      fact(words.Turn, labelOf(situation.turn, labels), "turn") +
      fact(words["Cards in play"], esc(py(situation.cards_in_play) + " / " + py(situation.card_limit)), "limit") +
      fact(words["Match deck"], say(words, "deck counts", {
        pitch: py(situation.match_deck.pitch), hidden: py(situation.match_deck.hidden)
      }));
    if (situation.passed && situation.passed.length) {
      html += fact(words.Passed, situation.passed.map(function (p) { return labelOf(p, labels); }).join(words.comma));
    }
    html += "</dl>";
    var shooting = situation.shooting;
    if (shooting && shooting.declared) {
      html += '<dl class="facts shooting" aria-label="' + words.Shooting + '">' +
        fact(words.Declared, esc(said(shooting.declared, data)));
      ["attacker", "defender"].forEach(function (role) {
        if (shooting.spent[role] !== null) html += fact(words[role + " spent"], esc(shooting.spent[role]));
        if (shooting.rolls[role] !== null) html += fact(words[role + " rolled"], esc(shooting.rolls[role]), "die");
      });
      if (shooting.save !== null) html += fact(words["Save roll"], esc(shooting.save), "die");
      html += "</dl>";
    }
    html += '<div class="coaches">';
    for (var i = 0; i < sides.length; i++) {
      html += coachSection(sides[i], situation.coaches[sides[i]], situation, words, names, data.labels || {}, data);
    }
    html += "</div>";
    html += '<details class="situation-text-box" data-keep="situation-text"><summary>' + words["As text"] +
      '</summary><pre class="situation-text">' + esc(data.text) + "</pre></details>";
    return html + "</section>";
  }

  var twins = window.touchlineSituations = window.touchlineSituations || {};
  twins["card-game"] = draw;
})();
