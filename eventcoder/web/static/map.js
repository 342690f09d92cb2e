// The home page's map and timeline: both read the API with the page's filters (from the URL).
// Popups and labels are built from text nodes only: data never becomes markup.
(function () {
  "use strict";

  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  function svg(tag, attrs) {
    var node = document.createElementNS("http://www.w3.org/2000/svg", tag);
    Object.keys(attrs || {}).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    return node;
  }

  function drawMap(box) {
    var colours = JSON.parse(box.getAttribute("data-colours") || "{}");
    var map = L.map(box, { preferCanvas: true, worldCopyJump: true }).setView([15, 20], 2);
    var tiles = box.getAttribute("data-tiles");
    if (tiles) {
      // With no internet the tiles fail to load and the points stay on the plain background.
      L.tileLayer(tiles, {
        maxZoom: 18, referrerPolicy: "strict-origin-when-cross-origin",
        attribution: '© <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'
      }).addTo(map);
    }
    var query = box.getAttribute("data-query");
    var limit = box.getAttribute("data-limit");
    fetch("/api/events.geojson?" + query + (query ? "&" : "") + "limit=" + limit)
      .then(function (r) { return r.json(); })
      .then(function (data) {
        var cluster = L.markerClusterGroup({ maxClusterRadius: 40 });
        var bounds = [];
        data.features.forEach(function (f) {
          var p = f.properties;
          var c = f.geometry.coordinates;
          var radius = 5 + Math.min(14, Math.sqrt(p.fatalities || 0) * 2);
          var marker = L.circleMarker([c[1], c[0]], {
            radius: radius, color: "#333", weight: 1, fillColor: colours[p.event_type] || "#999", fillOpacity: 0.85
          });
          var pop = el("div");
          var link = el("a", { href: "/events/" + encodeURIComponent(f.id), "class": "popup-title" },
                        p.sub_event_type + " (" + p.event_date + ")");
          pop.appendChild(link);
          pop.appendChild(el("div", {}, [p.actor1, p.actor2].filter(Boolean).join(" vs ")));
          pop.appendChild(el("div", {}, p.location + ", " + p.country + " · " + p.fatalities + " fatalities"));
          marker.bindPopup(pop);
          cluster.addLayer(marker);
          bounds.push([c[1], c[0]]);
        });
        map.addLayer(cluster);
        box.setAttribute("data-points", String(data.features.length));
        if (bounds.length) map.fitBounds(bounds, { maxZoom: 8, padding: [20, 20] });
      })
      .catch(function (err) { box.appendChild(el("p", { "class": "error" }, "map: " + err)); });
  }

  function drawTimeline(box, colours) {
    var query = box.getAttribute("data-query");
    fetch("/api/timeline?" + query)
      .then(function (r) { return r.json(); })
      .then(function (data) {
        var byPeriod = {};
        data.series.forEach(function (s) {
          (byPeriod[s.period] = byPeriod[s.period] || []).push(s);
        });
        // every period from the first to the last, empty ones included, so time reads evenly
        var seen = Object.keys(byPeriod).sort();
        var periods = [];
        if (seen.length) {
          var step = data.bucket === "week" ? 7 : 1;
          var day = new Date(seen[0] + "T00:00:00Z"), last = new Date(seen[seen.length - 1] + "T00:00:00Z");
          while (day <= last && periods.length < 5000) {
            periods.push(day.toISOString().slice(0, 10));
            day.setUTCDate(day.getUTCDate() + step);
          }
        }
        var W = 600, H = 220, pad = 28;
        var root = svg("svg", { viewBox: "0 0 " + W + " " + H, preserveAspectRatio: "none", role: "img" });
        var title = svg("title");
        title.textContent = "events per " + data.bucket + " by type";
        root.appendChild(title);
        var max = 1;
        periods.forEach(function (p) {
          var t = (byPeriod[p] || []).reduce(function (a, s) { return a + s.events; }, 0);
          if (t > max) max = t;
        });
        var bw = periods.length ? (W - 2 * pad) / periods.length : 0;
        periods.forEach(function (p, i) {
          var y = H - pad;
          (byPeriod[p] || []).forEach(function (s) {
            var h = (H - 2 * pad) * s.events / max;
            y -= h;
            var r = svg("rect", { x: pad + i * bw, y: y, width: Math.max(1, bw - 1), height: h,
                                  fill: colours[s.event_type] || "#999", "class": "bar" });
            var tip = svg("title");
            tip.textContent = p + ": " + s.events + " " + s.event_type;
            r.appendChild(tip);
            root.appendChild(r);
          });
        });
        var axis = svg("text", { x: pad, y: H - 8, "font-size": 12, fill: "#555" });
        axis.textContent = periods.length ? periods[0] + " … " + periods[periods.length - 1] +
          " (per " + data.bucket + ", max " + max + ")" : "no events";
        root.appendChild(axis);
        box.appendChild(root);
        box.setAttribute("data-periods", String(seen.length));
      })
      .catch(function (err) { box.appendChild(el("p", { "class": "error" }, "timeline: " + err)); });
  }

  document.addEventListener("DOMContentLoaded", function () {
    var mapBox = document.getElementById("map");
    var colours = JSON.parse(mapBox.getAttribute("data-colours") || "{}");
    drawTimeline(document.getElementById("timeline"), colours);
    if (window.L) drawMap(mapBox);
    // the type filter applies at once: changing it submits the form (the filters live in the URL)
    var type = document.getElementById("type-filter");
    if (type) type.addEventListener("change", function () { document.getElementById("filters").submit(); });
  });
})();
