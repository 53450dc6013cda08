// eventmap view: builds the page from the JSON in <script id="view-data"> (generator/view/page.ts).
// Every string that came from the traffic goes into the DOM as text (textContent), never as markup.
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('view-data').textContent);
  var LANE_COLOURS = ['#4a7bd0', '#c2571a', '#2e8b57', '#8e44ad', '#b8860b', '#16a2b8', '#d6336c'];

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    if (attrs)
      Object.keys(attrs).forEach(function (k) {
        if (k === 'text') node.textContent = attrs[k];
        else if (k === 'className') node.className = attrs[k];
        else node.setAttribute(k, attrs[k]);
      });
    (children || []).forEach(function (c) {
      if (c) node.appendChild(c);
    });
    return node;
  }
  function text(s) {
    return document.createTextNode(s);
  }
  // The body is made when first opened: a recording has thousands of lines and events.
  function details(summary, body) {
    var node = el('details', null, [el('summary', { text: summary })]);
    node.addEventListener('toggle', function () {
      if (node.open && node.childNodes.length === 1) node.appendChild(el('pre', { text: body }));
    });
    return node;
  }
  function lineName(line) {
    return line === 'end' ? 'end' : String(line);
  }
  function laneText(e) {
    if (e.thread === null) return 'session';
    var lane = data.lanes[e.thread];
    return e.turn === null ? lane.label : lane.label + ' · ' + lane.turns[e.turn].label;
  }

  document.title = 'eventmap view: ' + data.file;

  // ---- header ----------------------------------------------------------------------------------
  var s = data.stats;
  var warnings = data.events.filter(function (e) {
    return e.warning;
  }).length;
  document.body.appendChild(
    el('header', { id: 'head' }, [
      el('h1', { text: data.file }),
      el('div', null, [
        el('span', { className: 'badge', text: data.source }),
        el('span', { className: 'badge', text: s.messages + ' messages' }),
        el('span', { className: 'badge status-mapped', text: s.mapped + ' mapped' }),
        el('span', { className: 'badge status-ignored', text: s.ignored + ' ignored' }),
        el('span', { className: 'badge status-client', text: s.clientTraffic + ' client' }),
        el('span', { className: 'badge status-unknown', text: s.unknown + ' unknown' }),
        el('span', { className: 'badge status-invalid', text: s.invalid + ' invalid' }),
        el('span', { className: 'badge', id: 'event-count', text: data.events.length + ' events' }),
        el('span', { className: 'badge', text: warnings + ' warnings' }),
      ]),
    ]),
  );

  // ---- the replay diff (--compare) ---------------------------------------------------------------
  if (data.compare) {
    var c = data.compare;
    var section = el('section', { id: 'compare' }, [el('h2', { text: 'Replay diff ' + c.range })]);
    if (c.skipped) section.appendChild(el('p', { className: 'notice', text: 'skipped: ' + c.skipped }));
    else if (!c.groups.length) section.appendChild(el('p', { text: 'The canonical events are the same.' }));
    else {
      var table = el('table', { id: 'compare-groups' }, [
        el(
          'tr',
          null,
          ['change', 'events', 'example', 'before', 'after'].map(function (h) {
            return el('th', { text: h });
          }),
        ),
      ]);
      c.groups.forEach(function (g) {
        var here = g.example.file === data.file;
        var where = g.example.file + ':' + lineName(g.example.line);
        table.appendChild(
          el('tr', { className: 'group' }, [
            el('td', {
              className: 'type',
              text: g.type + ' ' + (g.field === null ? 'event' : g.field) + ' ' + g.change,
            }),
            el('td', { text: g.events + ' events in ' + g.recordings.length + ' recordings' }),
            el('td', null, [here ? el('a', { href: '#line-' + lineName(g.example.line), text: where }) : text(where)]),
            el('td', null, [
              el('code', { text: g.example.before === undefined ? '(absent)' : JSON.stringify(g.example.before) }),
            ]),
            el('td', null, [
              el('code', { text: g.example.after === undefined ? '(absent)' : JSON.stringify(g.example.after) }),
            ]),
          ]),
        );
      });
      section.appendChild(table);
    }
    document.body.appendChild(section);
  }

  // ---- messages and events, aligned per line ---------------------------------------------------------
  var byLine = {};
  data.events.forEach(function (e) {
    (byLine[lineName(e.line)] = byLine[lineName(e.line)] || []).push(e);
  });
  var removedByLine = {};
  ((data.compare && data.compare.removed) || []).forEach(function (r) {
    (removedByLine[lineName(r.line)] = removedByLine[lineName(r.line)] || []).push(r);
  });

  function eventCard(e) {
    var classes = ['event'];
    if (e.warning) classes.push('warning');
    if (e.diff) classes.push('diff-' + e.diff.change);
    var card = el('div', { className: classes.join(' '), id: 'ev-' + e.id, 'data-type': e.type }, [
      el('span', { className: 'type', text: e.type }),
      el('span', { className: 'lane', text: laneText(e) }),
      el('a', { className: 'from', href: '#line-' + lineName(e.line), text: 'from line ' + lineName(e.line) }),
    ]);
    if (e.thread !== null) card.style.setProperty('--lane', LANE_COLOURS[e.thread % LANE_COLOURS.length]);
    if (e.diff) {
      card.setAttribute('data-diff', e.diff.change);
      if (e.diff.fields.length) card.appendChild(el('span', { className: 'fields', text: e.diff.fields.join(', ') }));
    }
    card.appendChild(details('event', e.json));
    return card;
  }
  function removedCard(r) {
    return el('div', { className: 'event diff-removed', 'data-diff': 'removed', 'data-type': r.type }, [
      el('span', { className: 'type', text: r.type }),
      el('span', { className: 'fields', text: 'removed at the later revision' }),
      details('event (earlier revision)', r.json),
    ]);
  }
  function eventsCell(key) {
    var cell = el('td', { className: 'events' });
    (byLine[key] || []).forEach(function (e) {
      cell.appendChild(eventCard(e));
    });
    (removedByLine[key] || []).forEach(function (r) {
      cell.appendChild(removedCard(r));
    });
    return cell;
  }

  var rows = el('table', { id: 'timeline' }, [
    el('tr', null, [el('th', { text: 'native message' }), el('th', { text: 'canonical events' })]),
  ]);
  data.messages.forEach(function (m) {
    var msg = el('td', { className: 'msg' }, [
      el('span', { className: 'lineno', text: String(m.line) }),
      m.dir ? el('span', { className: 'dir', text: m.dir }) : null,
      el('span', { className: 'label', text: m.label }),
      text(' '),
      el('span', { className: 'badge status-' + m.status, text: m.status }),
      m.reason ? el('span', { className: 'reason', text: m.reason }) : null,
      details('line', m.text),
    ]);
    rows.appendChild(
      el('tr', { className: 'row', id: 'line-' + m.line, 'data-status': m.status }, [msg, eventsCell(String(m.line))]),
    );
  });
  if ((byLine.end || []).length || (removedByLine.end || []).length)
    rows.appendChild(
      el('tr', { className: 'row', id: 'line-end', 'data-status': 'end' }, [
        el('td', { className: 'msg', text: 'end of the recording: what end() closed' }),
        eventsCell('end'),
      ]),
    );

  // ---- lanes and the rendered session --------------------------------------------------------------
  function eventLink(id) {
    var e = data.events[id];
    return el('a', { href: '#ev-' + id, text: e.type });
  }
  function linkList(ids) {
    var ul = el('ul');
    ids.forEach(function (id) {
      ul.appendChild(el('li', null, [eventLink(id)]));
    });
    return ul;
  }
  var lanes = el('section', { id: 'lanes' }, [el('h2', { text: 'Lanes: threads and turns' })]);
  data.lanes.forEach(function (lane, t) {
    var block = el('div', { className: 'lane-block' }, [
      el('h3', { text: lane.label + (lane.threadId ? ' ' + lane.threadId : '') }),
    ]);
    block.style.borderLeft = '4px solid ' + LANE_COLOURS[t % LANE_COLOURS.length];
    block.style.paddingLeft = '6px';
    if (lane.events.length)
      block.appendChild(
        el('details', null, [
          el('summary', { text: 'outside turns (' + lane.events.length + ')' }),
          linkList(lane.events),
        ]),
      );
    lane.turns.forEach(function (turn) {
      block.appendChild(
        el('details', null, [
          el('summary', { text: turn.label + ' (' + turn.events.length + ' events)' }),
          linkList(turn.events),
        ]),
      );
    });
    lanes.appendChild(block);
  });

  function short(s, n) {
    return s.length > n ? s.slice(0, n) + '…' : s;
  }
  function itemLine(item) {
    var li = el('li', { className: 'item' }, [
      el('code', { text: item.itemType }),
      text(' ' + item.status + (item.title ? ': ' + item.title : '')),
    ]);
    if (item.text) li.appendChild(el('div', { className: 'muted', text: short(item.text, 300) }));
    if (item.children && item.children.length) {
      var ul = el('ul');
      item.children.forEach(function (child) {
        ul.appendChild(itemLine(child));
      });
      li.appendChild(ul);
    }
    return li;
  }
  var session = data.session;
  var view = el('section', { id: 'session' }, [el('h2', { text: 'Rendered session (runtime/reducer)' })]);
  if (session.state) view.appendChild(el('div', { text: 'state: ' + session.state }));
  if (session.exit) view.appendChild(el('div', { text: 'exit: ' + JSON.stringify(session.exit) }));
  [
    ['warnings', session.warnings || []],
    ['errors', session.errors || []],
  ].forEach(function (pair) {
    if (!pair[1].length) return;
    // Open when short; a session that repeats one warning a hundred times stays readable.
    var box = el('details', { className: 'notices' }, [el('summary', { text: pair[0] + ' (' + pair[1].length + ')' })]);
    if (pair[1].length <= 3) box.open = true;
    pair[1].forEach(function (w) {
      box.appendChild(el('div', { className: 'notice ' + pair[0] + '-notice', text: w.kind + ': ' + w.message }));
    });
    view.appendChild(box);
  });
  (session.threads || []).forEach(function (thread) {
    view.appendChild(el('h3', { text: (thread.name || 'thread') + (thread.state ? ' (' + thread.state + ')' : '') }));
    (thread.turns || []).forEach(function (turn, i) {
      var ul = el('ul');
      (turn.items || []).forEach(function (item) {
        ul.appendChild(itemLine(item));
      });
      view.appendChild(
        el('div', { className: 'turn' }, [
          el('div', {
            text: 'turn ' + (i + 1) + ': ' + turn.state + (turn.errorMessage ? ' — ' + turn.errorMessage : ''),
          }),
          ul,
        ]),
      );
    });
    if ((thread.requests || []).length) {
      var requests = el('ul');
      thread.requests.forEach(function (r) {
        requests.appendChild(
          el('li', {
            text:
              r.requestType +
              ' ' +
              r.status +
              (r.decision ? ' (' + r.decision + ')' : '') +
              (r.title ? ': ' + r.title : ''),
          }),
        );
      });
      view.appendChild(el('div', null, [text('requests'), requests]));
    }
    if (thread.plan) view.appendChild(details('plan', JSON.stringify(thread.plan, null, 2)));
  });
  view.appendChild(details('the whole view (JSON)', JSON.stringify(session, null, 2)));

  document.body.appendChild(
    el('div', { className: 'layout' }, [el('main', null, [rows]), el('aside', null, [lanes, view])]),
  );
})();
