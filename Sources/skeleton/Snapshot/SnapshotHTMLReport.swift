import Foundation

/// The HTML report of a verify run: `DIR/index.html`, one file with its style and script inline, and its pictures in
/// `DIR/images`, so it opens from the file system (or a CI artifact) with no server. A gallery: failures first,
/// each with its baseline, new picture and diff side by side and a slider that wipes from the baseline to the new
/// picture; every variant can be browsed (filters by outcome, variant and text).
struct SnapshotHTMLReport {
    var run: SnapshotReportRun

    /// Writes the report into `folder`, copying the passing pictures' baselines (from `baselines`) while the report
    /// stays under `SnapshotLimits.maxReportBytes`.
    func write(to folder: String, baselines: String) throws(CLIError) {
        var results = run.results
        var budget = SnapshotLimits.maxReportBytes
        let images = (folder as NSString).appendingPathComponent("images")
        for index in results.indices where !results[index].failed {
            let source = (baselines as NSString).appendingPathComponent(results[index].path)
            let size = ((try? FileManager.default.attributesOfItem(atPath: source))?[.size] as? NSNumber)?.intValue ?? 0
            guard size > 0, size <= budget, let bytes = try? BoundedFile.read(source, limit: budget) else { continue }
            budget -= bytes.count
            let relative = String(results[index].path.dropLast(".png".count)) + ".baseline.png"
            try SnapshotRecord.write(bytes, to: (images as NSString).appendingPathComponent(relative))
            results[index].baselineImage = relative
        }
        let page = html(results)
        try SnapshotRecord.write(Array(page.utf8), to: (folder as NSString).appendingPathComponent("index.html"))
    }

    private func html(_ results: [SnapshotResult]) -> String {
        let failed = results.filter(\.failed).count
        let variants = Set(results.map(\.variant)).sorted()
        var out = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <link rel="icon" href="data:,">
            <title>Skeleton snapshots: \(failed == 0 ? "all match" : "\(failed) failing")</title>
            <style>\(Self.style)</style></head>
            <body>
            <header><h1>Skeleton snapshots</h1>
            <p id="summary" class="\(failed == 0 ? "pass" : "fail")">\(Markup.escaped(run.summary))</p>
            <p class="env">skeletond \(Markup.escaped(run.renderer)) · fonts \(Markup.escaped(run.fonts))</p>

            """
        if let environment = run.environment {
            out += "<p id=\"environment\" class=\"warn\">\(Markup.escaped(environment))</p>\n"
        }
        out += """
            <nav><label>Show <select id="outcome"><option value="all">every picture</option>
            <option value="failed"\(failed > 0 ? " selected" : "")>failures</option><option value="passed">passes</option></select></label>
            <label>Variant <select id="variant"><option value="">every variant</option>
            """
        for variant in variants { out += "<option>\(Markup.escaped(variant))</option>" }
        out += """
            </select></label>
            <label>Find <input id="find" type="search" placeholder="file or scene"></label></nav></header>
            <main id="gallery">

            """
        for result in results { out += card(result) }
        out += "</main>\n<script>\(Self.script)</script>\n</body></html>\n"
        return out
    }

    private func card(_ result: SnapshotResult) -> String {
        let state = result.failed ? "failed" : "passed"
        var out = """
            <section class="card \(state)" data-outcome="\(state)" data-variant="\(Markup.escaped(result.variant))" \
            data-text="\(Markup.escaped(result.label.lowercased()))">
            <h2><span class="badge \(result.kind)">\(result.kind)</span> \(Markup.escaped(result.file))\
            \(result.scene.map { " <small>scene \(Markup.escaped($0))</small>" } ?? "") \
            <code>\(Markup.escaped(result.variant))</code></h2>

            """
        if let problem = result.problem { out += "<p class=\"problem\">\(Markup.escaped(problem))</p>\n" }
        if case .missing = result.outcome {
            out += "<p class=\"problem\">Record it with <code>\(Markup.escaped(run.recordCommand))</code></p>\n"
        }
        out += "<div class=\"pictures\">"
        let baseline = result.baselineImage.map { "images/" + $0 }
        let new = result.newImage.map { "images/" + $0 }
        for (title, source) in [
            ("baseline", baseline), ("new", new), ("diff", result.diffImage.map { "images/" + $0 }),
        ] {
            guard let source else { continue }
            out +=
                "<figure><figcaption>\(title)</figcaption><img src=\"\(Self.attribute(source))\" alt=\"\(title)\"></figure>"
        }
        if let baseline, let new {
            out += """
                <figure class="wipe"><figcaption>baseline ◀ slide ▶ new</figcaption>\
                <div class="stack"><img src="\(Self.attribute(new))" alt="new"><div class="over">\
                <img src="\(Self.attribute(baseline))" alt="baseline"></div></div>\
                <input type="range" min="0" max="100" value="50" aria-label="baseline or new"></figure>
                """
        }
        return out + "</div></section>\n"
    }

    /// A relative path as an attribute value (each component percent-encoded).
    private static func attribute(_ path: String) -> String {
        Markup.escaped(path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path)
    }

    private static let style = """
        body{font:14px/1.4 system-ui,sans-serif;margin:0;background:#f4f5f7;color:#1d2129}\
        header{background:#fff;padding:12px 20px;border-bottom:1px solid #dde}h1{font-size:20px;margin:0 0 4px}\
        .pass{color:#1a7f37}.fail{color:#c62828;font-weight:600}.env{color:#667;margin:2px 0}\
        .warn{background:#fff4ce;border:1px solid #e0b000;padding:6px 10px}\
        nav{display:flex;gap:16px;margin-top:8px}main{padding:16px 20px}\
        .card{background:#fff;border:1px solid #dde;border-radius:8px;padding:10px 14px;margin:0 0 14px}\
        .card.failed{border-color:#c62828;border-width:2px}.card h2{font-size:15px;margin:0 0 6px}\
        .badge{display:inline-block;border-radius:4px;padding:0 6px;color:#fff;background:#c62828;font-size:12px}\
        .badge.passed{background:#1a7f37}.problem{color:#c62828;margin:4px 0}\
        .pictures{display:flex;flex-wrap:wrap;gap:12px;align-items:flex-start;overflow-x:auto}figure{margin:0}\
        figcaption{font-size:12px;color:#667}img{display:block;border:1px solid #ccd;\
        background:repeating-conic-gradient(#eee 0 25%,#fff 0 50%) 0 0/16px 16px}\
        .stack{position:relative;display:inline-block;border:1px solid #ccd}.stack img{border:0}\
        .over{position:absolute;top:0;left:0;bottom:0;width:50%;overflow:hidden;border-right:1px solid #c62828}\
        .over img{max-width:none}.wipe input{width:100%}.hidden{display:none}
        """

    private static let script = """
        (function(){var o=document.getElementById('outcome'),v=document.getElementById('variant'),\
        f=document.getElementById('find');function apply(){var t=f.value.toLowerCase();\
        document.querySelectorAll('.card').forEach(function(c){var show=(o.value==='all'||c.dataset.outcome===o.value)\
        &&(!v.value||c.dataset.variant===v.value)&&(!t||c.dataset.text.indexOf(t)>=0);\
        c.classList.toggle('hidden',!show);});}[o,v,f].forEach(function(e){e.addEventListener('input',apply);});\
        if(!document.querySelector('.card.failed')){o.value='all';}apply();\
        document.querySelectorAll('.wipe').forEach(function(w){var s=w.querySelector('input'),\
        over=w.querySelector('.over'),inner=over.querySelector('img'),base=w.querySelector('.stack>img');\
        function fit(){inner.style.width=base.clientWidth+'px';over.style.width=s.value+'%';}\
        s.addEventListener('input',fit);base.addEventListener('load',fit);fit();});})();
        """
}
