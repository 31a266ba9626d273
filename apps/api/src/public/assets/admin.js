/*
 * Link Conversion: the admin console's pages (overview, member, bans). Loaded after app.js, whose helpers it
 * uses (window.LinkConversion). Charts are drawn by Chart.js, served as our own asset. Every value from the
 * server reaches the page through textContent, never as HTML.
 */
(function () {
  'use strict';

  var lc = window.LinkConversion;
  var $ = lc.$;

  function el(tag, text, className) {
    var node = document.createElement(tag);
    if (text !== undefined && text !== null) node.textContent = String(text);
    if (className) node.className = className;
    return node;
  }

  function link(href, text) {
    var a = el('a', text);
    a.href = href;
    return a;
  }

  function row(cells) {
    var tr = document.createElement('tr');
    cells.forEach(function (cell) {
      var td = document.createElement('td');
      if (cell instanceof Node) td.appendChild(cell);
      else td.textContent = cell === null || cell === undefined ? '' : String(cell);
      tr.appendChild(td);
    });
    return tr;
  }

  function fill(tbodyId, rows, empty, columns) {
    var body = $(tbodyId);
    body.textContent = '';
    rows.forEach(function (tr) {
      body.appendChild(tr);
    });
    if (rows.length === 0) {
      var td = el('td', empty, 'muted');
      td.colSpan = columns;
      var tr = document.createElement('tr');
      tr.appendChild(td);
      body.appendChild(tr);
    }
  }

  /** The CSRF token and the admin check come with GET /account; then `load` runs. */
  function start(load) {
    lc.wireLogout();
    lc.api('GET', '/account').then(function (result) {
      if (result.status === 401) return lc.goToLogin();
      if (result.status !== 200 || !result.body || result.body.member.role !== 'admin') {
        return lc.setStatus($('page-status'), 'This console is for admins.', 'error');
      }
      load();
    });
  }

  function getJson(path, then) {
    return lc.api('GET', path).then(function (result) {
      if (result.status === 401) return lc.goToLogin();
      if (result.status !== 200) return lc.setStatus($('page-status'), lc.errorMessage(result), 'error');
      then(result.body);
    });
  }

  var COLORS = { blue: '#2563eb', red: '#dc2626', amber: '#d97706', green: '#059669' };

  function chart(canvasId, type, labels, datasets) {
    if (typeof window.Chart !== 'function') return null;
    return new window.Chart($(canvasId), {
      type: type,
      data: {
        labels: labels,
        datasets: datasets.map(function (set) {
          return {
            label: set.label,
            data: set.data,
            backgroundColor: set.color,
            borderColor: set.color,
            borderWidth: type === 'line' ? 2 : 0,
            pointRadius: 0,
            fill: false,
            tension: 0.2,
          };
        }),
      },
      options: {
        animation: false,
        responsive: true,
        maintainAspectRatio: false,
        plugins: { legend: { display: datasets.length > 1 } },
        scales: { y: { beginAtZero: true, ticks: { precision: 0 } }, x: { ticks: { maxTicksLimit: 8 } } },
      },
    });
  }

  function dayLabel(iso) {
    return iso.slice(5, 10);
  }

  function hourLabel(iso) {
    return iso.slice(5, 10) + ' ' + iso.slice(11, 13) + 'h';
  }

  /* ---------- overview ---------- */

  function overviewPage() {
    start(function () {
      getJson('/admin/overview', function (data) {
        lc.setStatus($('page-status'), '');
        var values = function (points) {
          return points.map(function (p) {
            return p.value;
          });
        };
        chart(
          'calls-chart',
          'line',
          data.calls_per_hour.map(function (p) {
            return hourLabel(p.at);
          }),
          [
            { label: 'Convert calls', data: values(data.calls_per_hour), color: COLORS.blue },
            { label: 'Links', data: values(data.links_per_hour), color: COLORS.green },
          ],
        );
        chart(
          'bans-chart',
          'bar',
          data.bans_per_day.map(function (p) {
            return dayLabel(p.at);
          }),
          [{ label: 'Bans', data: values(data.bans_per_day), color: COLORS.red }],
        );
        chart(
          'failures-chart',
          'line',
          data.failed_auth_per_hour.map(function (p) {
            return hourLabel(p.at);
          }),
          [{ label: 'Failed authentications', data: values(data.failed_auth_per_hour), color: COLORS.amber }],
        );
        fill(
          'top-ips',
          data.top_ips.map(function (ip) {
            return row([
              link('/admin/bans?ip=' + encodeURIComponent(ip.ip), ip.ip),
              ip.failures,
              lc.formatDate(ip.last_at),
            ]);
          }),
          'No failed authentications.',
          3,
        );
        fill(
          'top-members',
          data.top_members.map(function (m) {
            return row([link('/admin/members/' + encodeURIComponent(m.id), m.email), m.plan, m.calls]);
          }),
          'No calls yet.',
          3,
        );
      });
    });
  }

  /* ---------- one member ---------- */

  var KEY_STATES = { active: 'active', grace: 'in grace until ', expired: 'expired ', revoked: 'revoked ' };

  function memberPage() {
    var id = window.location.pathname.split('/').pop();
    var form = $('member-form');
    start(function () {
      getJson('/admin/members/' + encodeURIComponent(id), function (data) {
        var m = data.member;
        lc.setStatus($('page-status'), '');
        $('member-main').hidden = false;
        $('member-title').textContent = m.email;
        document.title = m.email + ' · Admin · Link Conversion';
        $('member-email').textContent = m.email;
        $('member-id').textContent = m.id;
        $('member-created').textContent = lc.formatDate(m.created_at);
        $('member-role').value = m.role;
        $('member-plan').value = m.plan;
        $('member-disabled').checked = m.disabled;
        $('member-events-link').href = '/admin/abuse?member_id=' + encodeURIComponent(m.id);
        chart(
          'usage-chart',
          'bar',
          data.usage_per_day.map(function (p) {
            return dayLabel(p.at);
          }),
          [
            {
              label: 'Convert calls',
              data: data.usage_per_day.map(function (p) {
                return p.value;
              }),
              color: COLORS.blue,
            },
            {
              label: 'Clicks',
              data: data.clicks_per_day.map(function (d) {
                return d.clicks;
              }),
              color: COLORS.green,
            },
          ],
        );
        fill(
          'member-keys',
          data.credentials.map(function (c) {
            var state = el(
              'span',
              KEY_STATES[c.state] + (c.until ? lc.formatDate(c.until) : ''),
              'badge key-' + c.state,
            );
            return row([el('code', c.key_preview), lc.formatDate(c.created_at), state]);
          }),
          'No API key.',
          3,
        );
        $('links-total').textContent =
          data.short_links.total + ' short link' + (data.short_links.total === 1 ? '' : 's');
        fill(
          'member-links',
          data.short_links.links.map(function (l) {
            return row([el('code', l.url), l.clicks, l.bot_clicks, lc.formatDate(l.created_at)]);
          }),
          'No short links.',
          4,
        );
        fill(
          'member-events',
          data.events.map(function (e) {
            var address = e.detail && typeof e.detail.address === 'string' ? e.detail.address : e.ip;
            return row([lc.formatDate(e.created_at), e.type, address, e.key_preview]);
          }),
          'No abuse events.',
          4,
        );
      });
    });
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      var status = form.querySelector('[data-status]');
      lc.setStatus(status, 'Saving…');
      lc.api('PATCH', '/admin/members/' + encodeURIComponent(id), {
        role: $('member-role').value,
        plan: $('member-plan').value,
        disabled: $('member-disabled').checked,
      }).then(function (result) {
        if (result.status === 401) return lc.goToLogin();
        if (result.status !== 200) return lc.setStatus(status, lc.errorMessage(result), 'error');
        lc.setStatus(status, 'Saved.', 'ok');
      });
    });
  }

  /* ---------- bans ---------- */

  function bansPage() {
    var pageStatus = $('page-status');
    var history = { ip: new URLSearchParams(window.location.search).get('ip') || '', cursor: null };
    $('history-ip').value = history.ip;

    function loadActive() {
      return getJson('/admin/abuse/bans?status=active&limit=200', function (data) {
        fill(
          'active-bans',
          data.bans.map(function (ban) {
            var lift = el('button', 'Lift', 'secondary small');
            lift.type = 'button';
            lift.setAttribute('aria-label', 'Lift the ban of ' + ban.ip);
            lift.addEventListener('click', function () {
              lift.disabled = true;
              lc.api('DELETE', '/admin/abuse/bans/' + encodeURIComponent(ban.ip)).then(function (result) {
                if (result.status === 401) return lc.goToLogin();
                if (result.status !== 200) {
                  lift.disabled = false;
                  return lc.setStatus(pageStatus, lc.errorMessage(result), 'error');
                }
                lc.setStatus(pageStatus, 'Lifted the ban of ' + result.body.ip + '.', 'ok');
                loadActive();
                loadHistory(true);
              });
            });
            var address = link('/admin/bans?ip=' + encodeURIComponent(ban.ip), ban.ip);
            return row([
              address,
              ban.level,
              ban.failures,
              lc.formatDate(ban.banned_at),
              lc.formatDate(ban.expires_at),
              lift,
            ]);
          }),
          'No active bans.',
          6,
        );
        if (pageStatus.className.indexOf('ok') === -1) {
          lc.setStatus(pageStatus, data.bans.length + ' active ban' + (data.bans.length === 1 ? '' : 's') + '.');
        }
      });
    }

    function loadHistory(reset) {
      if (reset) history.cursor = null;
      var query = '?status=all&limit=50';
      if (history.ip) query += '&ip=' + encodeURIComponent(history.ip);
      if (history.cursor) query += '&cursor=' + encodeURIComponent(history.cursor);
      return getJson('/admin/abuse/bans' + query, function (data) {
        var rows = data.bans.map(function (ban) {
          var ended = ban.lifted_at
            ? 'lifted ' + lc.formatDate(ban.lifted_at)
            : ban.active
              ? 'active'
              : lc.formatDate(ban.expires_at);
          var by = ban.lifted_by ? link('/admin/members/' + encodeURIComponent(ban.lifted_by), 'admin') : '';
          return row([ban.ip, ban.level, ban.failures, lc.formatDate(ban.banned_at), ended, by]);
        });
        if (reset || !history.cursor) fill('ban-history', rows, 'No bans.', 6);
        else
          rows.forEach(function (tr) {
            $('ban-history').appendChild(tr);
          });
        history.cursor = data.next_cursor;
        $('older-bans').hidden = !data.next_cursor;
      });
    }

    $('history-form').addEventListener('submit', function (event) {
      event.preventDefault();
      history.ip = $('history-ip').value.trim();
      loadHistory(true);
    });
    $('older-bans').addEventListener('click', function () {
      loadHistory(false);
    });
    start(function () {
      loadActive();
      loadHistory(true);
    });
  }

  var pages = { 'admin-overview': overviewPage, 'admin-member': memberPage, 'admin-bans': bansPage };
  var page = pages[document.body.getAttribute('data-page')];
  if (page) page();
})();
