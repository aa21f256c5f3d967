extension PageAssets {
    /// The page's markup: the controls, the canvas the frames are drawn on, the messages.
    static let html = """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>skeleton serve</title>
        <link rel="stylesheet" href="/preview.css">
        <script src="/preview.js" defer></script>
        </head>
        <body>
        <header>
          <label>Scene <select id="scene" title="The scene to preview"></select></label>
          <label>Scheme <select id="scheme"><option value="">document</option><option value="light">light</option><option value="dark">dark</option></select></label>
          <label>Direction <select id="direction"><option value="">document</option><option value="ltr">LTR</option><option value="rtl">RTL</option></select></label>
          <span class="group">
            <select id="skeleton" title="The skeleton type"><option value="">default</option><option value="solid">solid</option><option value="gradient">gradient</option></select>
            <label><input type="checkbox" id="animated"> animated</label>
            <button id="show">Show</button>
            <button id="hide">Hide</button>
          </span>
          <span class="group">
            <button id="play">Play</button>
            <input type="range" id="time" min="0" max="10" step="0.01" value="1" title="Seconds after the show">
            <output id="clock">1.00 s</output>
          </span>
        </header>
        <main>
          <canvas id="preview" width="1" height="1"></canvas>
        </main>
        <footer>
          <div id="status" role="status">connecting…</div>
          <pre id="diagnostics"></pre>
        </footer>
        </body>
        </html>

        """
}
