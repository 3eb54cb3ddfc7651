/// The fixed parts of the explorable map (`MapExplorer`): its styles and the script that drives it. The script
/// only swaps pictures, sets classes and shows panels already in the page; nothing it shows is built from text.
extension HTMLPage {
    static let explorerStyleSheet = """
        .map-tools { display: flex; flex-wrap: wrap; gap: 8px 16px; align-items: center; padding: 8px 12px; margin: 8px 0;
                     background: #f8fafc; border: 1px solid var(--line); border-radius: 6px; }
        .map-tools button, .map-tools input, .map-tools select { font: inherit; }
        .map-tools input { width: 16em; margin-left: 4px; }
        .map-tools select { margin-left: 4px; }
        .map-view-title { font-weight: 600; }
        .map-status { color: #b45309; }
        .map-explorer { display: flex; gap: 12px; align-items: flex-start; }
        .map-explorer .map-frame { flex: 0 1 auto; min-width: 0; }
        .map-panel { flex: 0 0 340px; max-height: 80vh; overflow: auto; position: sticky; top: 8px; padding: 10px 12px;
                     border: 1px solid var(--line); border-radius: 6px; background: #ffffff; font-size: 13px; }
        .map-panel h3 { margin: 0 0 4px; font-size: 15px; color: var(--text); }
        .map-panel h3 code { font-size: 14px; }
        .map-panel h4 { margin: 12px 0 4px; font-size: 13px; }
        .map-panel p { margin: 4px 0; }
        .map-panel code { overflow-wrap: anywhere; }
        .map-panel ul { margin: 0; padding-left: 16px; }
        .map-panel li { margin: 2px 0; }
        .map-panel .evidence, .map-panel .none, .map-hint { color: var(--muted); }
        .map-hint { flex-basis: 100%; margin: 0; font-size: 12.5px; }
        .box-relations .violation { color: #b91c1c; }
        .box-relations .where { color: var(--muted); font-size: 11.5px; }
        a[href^="#map/"] { color: inherit; text-decoration: none; pointer-events: none; }
        .map-explorable a[href^="#map/"] { color: #1d4ed8; pointer-events: auto; }
        .map-explorable a[href^="#map/"]:hover { text-decoration: underline; }
        .open-group { color: #1d4ed8; font-weight: 600; }
        @media (max-width: 1100px) {
          .map-explorer { flex-direction: column; }
          .map-panel { position: static; flex: none; width: 100%; max-height: none; }
        }
        .violations { margin: 10px 0; }
        .violations > summary { cursor: pointer; font-weight: 600; color: #b91c1c; }
        .finding:target { background: #fef9c3; }
        .mvlint-map.explorable .node { cursor: pointer; }
        .mvlint-map .node:focus { outline: none; }
        .mvlint-map .node:focus-visible > :nth-child(2) { stroke: #1d4ed8; stroke-width: 4; }
        .mvlint-map .node.selected > :nth-child(2) { stroke: #f59e0b; stroke-width: 4; }
        .mvlint-map .node.inside > :nth-child(2) { stroke: #f59e0b; stroke-width: 2.5; }
        .mvlint-map .node, .mvlint-map .edge { transition: opacity 0.15s; }
        .mvlint-map.focusing .node:not(.selected):not(.inside):not(.near), .mvlint-map.focusing .edge:not(.near),
        .mvlint-map.focusing .edge-label:not(.near) { opacity: 0.12; }
        .mvlint-map.focusing .edge.near { stroke-opacity: 1; stroke-width: 2.4; }

        """

    /// Views are `overview` or a `<template>` id; the state lives in the hash, `#map/VIEW/BOX`, so a view can be
    /// linked to and the browser's back button steps back through what was opened. `#map//BOX` (a box's link) picks
    /// the view: the one shown when it draws the box, else the one the box's panel names.
    static let explorerScript = """
        (function () {
          var frame = document.getElementById('map-frame');
          var tools = document.getElementById('map-tools');
          var panel = document.getElementById('map-panel');
          if (!frame || !tools || !panel) { return; }
          var back = document.getElementById('map-back'), title = document.getElementById('map-view-title');
          var search = document.getElementById('map-search'), depthControl = document.getElementById('map-depth');
          var status = document.getElementById('map-status');
          var pictures = { overview: frame.querySelector('svg') };
          var infos = {}, shownInfo = null, state = { view: '', box: '' };
          panel.querySelectorAll('.box-info').forEach(function (info) { infos[info.dataset.box] = info; });
          var types = {};
          document.querySelectorAll('#map-types option').forEach(function (option) { types[option.value.toLowerCase()] = option.dataset.box; });
          tools.hidden = false;
          // Links to boxes look like links only now, when they can act.
          document.documentElement.classList.add('map-explorable');

          function picture(view) {
            if (!pictures[view]) {
              var template = document.getElementById(view);
              if (!template || !template.content) { return null; }
              pictures[view] = document.importNode(template.content.querySelector('svg'), true);
            }
            return pictures[view];
          }
          function current() { return frame.querySelector('svg'); }
          // The view that draws the group a view opens as a box.
          function parentOf(view) {
            var info = infos[view.replace(/^view-/, '')];
            return info && picture(info.dataset.view) ? info.dataset.view : 'overview';
          }
          function boxIn(svg, id) { return id ? svg.querySelector('#' + id) : null; }

          // Boxes become buttons only here: without the script they could not act.
          function prepare(svg) {
            if (svg.classList.contains('explorable')) { return; }
            svg.classList.add('explorable');
            svg.setAttribute('role', 'group');
            svg.setAttribute('aria-label', svg.querySelector('title').textContent);
            svg.querySelectorAll('.node').forEach(function (node) {
              var texts = node.querySelectorAll('text');
              var group = node.dataset.role === 'group';
              node.setAttribute('tabindex', '0');
              node.setAttribute('role', 'button');
              node.setAttribute('aria-label', node.dataset.name + ', ' + (group
                ? 'group of ' + texts[1].textContent + '; opens into its types' : node.dataset.role));
            });
          }

          function show(view, box, moveFocus) {
            var svg = picture(view);
            if (!svg) { view = 'overview'; svg = pictures.overview; }
            var before = current();
            if (before !== svg) {
              frame.replaceChild(svg, before);
              frame.scrollTop = 0;
              frame.scrollLeft = 0;
            }
            prepare(svg);
            state = { view: view, box: box || '' };
            back.hidden = view === 'overview';
            var parent = parentOf(view);
            back.textContent = '\\u2190 ' + (parent === 'overview' ? 'Overview' : document.getElementById(parent).dataset.name);
            title.textContent = view === 'overview' ? 'Overview' : 'Opened: ' + document.getElementById(view).dataset.title;
            select(state.box, moveFocus || before !== svg);
          }

          // The selected box (or, for a group drawn opened, the boxes inside it) and its neighbours within the chosen
          // number of steps stay; the rest fades.
          function select(box, moveFocus) {
            var svg = current();
            svg.querySelectorAll('.selected, .inside, .near').forEach(function (item) { item.classList.remove('selected', 'inside', 'near'); });
            if (shownInfo) { shownInfo.hidden = true; }
            shownInfo = infos[box] || null;
            var opening = panel.hidden;
            panel.hidden = !shownInfo;
            if (!shownInfo) { svg.classList.remove('focusing'); return; }
            shownInfo.hidden = false;
            panel.scrollTop = 0;
            var openLink = shownInfo.querySelector('.open-group');
            if (openLink) { openLink.parentNode.hidden = shownInfo.dataset.open === state.view; }
            var own = boxIn(svg, box);
            var seeds = own ? [box] : (shownInfo.dataset.inside || '').split(' ').filter(Boolean);
            var depth = Number(depthControl.value), distance = neighbourhood(svg, seeds, depth);
            svg.classList.add('focusing');
            svg.querySelectorAll('.node').forEach(function (node) {
              var steps = distance[node.id];
              if (steps !== undefined) { node.classList.add(steps > 0 ? 'near' : own ? 'selected' : 'inside'); }
            });
            svg.querySelectorAll('.edge, .edge-label').forEach(function (edge) {
              var from = distance[edge.dataset.from], to = distance[edge.dataset.to];
              if (from !== undefined && to !== undefined && Math.min(from, to) < depth) { edge.classList.add('near'); }
            });
            var target = own || boxIn(svg, seeds[0]);
            if (moveFocus && target) { target.focus({ preventScroll: true }); }
            // A group just opened is seen from the top of its picture; a box is brought into sight, also when the
            // panel, appearing, narrows the picture.
            if (own && (moveFocus || opening)) { reveal(own); }
          }

          // Scrolls the picture, not the page, to centre a box that is out of sight.
          function reveal(node) {
            var box = node.getBoundingClientRect(), view = frame.getBoundingClientRect();
            if (box.left < view.left || box.right > view.right) { frame.scrollLeft += box.left - view.left - (view.width - box.width) / 2; }
            if (box.top < view.top || box.bottom > view.bottom) { frame.scrollTop += box.top - view.top - (view.height - box.height) / 2; }
          }

          function neighbourhood(svg, seeds, depth) {
            var links = {};
            svg.querySelectorAll('.edge').forEach(function (edge) {
              var from = edge.dataset.from, to = edge.dataset.to;
              (links[from] = links[from] || []).push(to);
              (links[to] = links[to] || []).push(from);
            });
            var distance = {}, frontier = seeds;
            seeds.forEach(function (id) { distance[id] = 0; });
            for (var step = 1; step <= depth; step++) {
              var next = [];
              frontier.forEach(function (id) {
                (links[id] || []).forEach(function (other) {
                  if (distance[other] === undefined) { distance[other] = step; next.push(other); }
                });
              });
              frontier = next;
            }
            return distance;
          }

          function go(view, box, moveFocus) {
            show(view, box, moveFocus);
            var hash = '#map/' + state.view + '/' + state.box;
            if (location.hash !== hash) { location.hash = hash; }
          }
          function parse(hash) { return /^#map\\/([A-Za-z0-9_-]*)\\/([A-Za-z0-9_]*)$/.exec(hash); }
          function fromHash() {
            var match = parse(location.hash);
            if (match && !match[1]) { goToBox(match[2]); return; }
            if (match && (match[1] !== state.view || match[2] !== state.box)) { show(match[1], match[2], true); }
            if (!match && location.hash === '' && state.view !== 'overview') { show('overview', '', false); }
          }

          // A box's link selects it where it is drawn now, else where the page says it is.
          function goToBox(box, view) {
            var info = infos[box];
            go(view || (boxIn(current(), box) ? state.view : (info ? info.dataset.view : 'overview')), box, true);
          }
          function activate(node) {
            var info = infos[node.id];
            if (node.dataset.role === 'group' && info) { go(info.dataset.open, node.id, true); } else { go(state.view, node.id, false); }
          }

          frame.addEventListener('click', function (event) {
            var node = event.target.closest('.node');
            if (node) { activate(node); }
          });
          frame.addEventListener('keydown', function (event) {
            var node = event.target.closest && event.target.closest('.node');
            if (event.key === 'Escape') { go(state.view, '', false); return; }
            if (!node || (event.key !== 'Enter' && event.key !== ' ')) { return; }
            event.preventDefault();
            activate(node);
          });
          document.addEventListener('click', function (event) {
            var link = event.target.closest && event.target.closest('a[href^="#map/"]');
            var match = link && parse(link.getAttribute('href'));
            if (!match) { return; }
            event.preventDefault();
            goToBox(match[2], match[1]);
            if (!panel.contains(link)) { document.getElementById('map').scrollIntoView(); }
          });
          back.addEventListener('click', function () { go(parentOf(state.view), state.view.replace(/^view-/, ''), true); });
          document.getElementById('map-clear').addEventListener('click', function () { go(state.view, '', false); });
          depthControl.addEventListener('change', function () { select(state.box, false); });

          // A name picked from the list, typed in full or matching one type alone opens the view that draws it.
          function find(settle) {
            var text = search.value.trim().toLowerCase(), box = types[text];
            if (!box && settle && text) {
              var matches = Object.keys(types).filter(function (name) { return name.indexOf(text) !== -1; });
              if (matches.length === 1) { box = types[matches[0]]; }
              status.textContent = box ? '' : matches.length > 1 ? matches.length + ' types match: pick one from the list'
                : 'No type on the map is called \\u201c' + search.value.trim() + '\\u201d';
            }
            if (box) { status.textContent = ''; goToBox(box); }
          }
          search.addEventListener('input', function () { find(false); });
          search.addEventListener('change', function () { find(true); });
          search.addEventListener('keydown', function (event) { if (event.key === 'Enter') { event.preventDefault(); find(true); } });

          // A finding's link goes to its entry in the grouping shown, and clears the filters that hide it.
          document.addEventListener('click', function (event) {
            var link = event.target.closest && event.target.closest('a.finding-link');
            if (!link) { return; }
            var id = link.getAttribute('href').slice(1), entry = document.getElementById(id);
            if (entry && entry.closest('.findings-view').hidden) { entry = document.getElementById(id + '-by-file'); }
            if (!entry) { return; }
            event.preventDefault();
            var form = document.getElementById('filters');
            if (entry.hidden && form) {
              form.querySelector('input[value="' + entry.dataset.severity + '"]').checked = true;
              if (form.elements.rule.value !== entry.dataset.rule) { form.elements.rule.value = ''; }
              form.dispatchEvent(new Event('change'));
            }
            entry.closest('details').open = true;
            location.hash = '#' + entry.id;
          });

          window.addEventListener('hashchange', fromHash);
          prepare(pictures.overview);
          state.view = 'overview';
          fromHash();
        })();

        """
}
