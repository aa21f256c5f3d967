extension PageAssets {
    /// The page's look: controls in one bar, the preview centred on a neutral ground.
    static let style = """
        :root { color-scheme: light dark; font: 14px system-ui, sans-serif; }
        body { margin: 0; display: flex; flex-direction: column; min-height: 100vh; }
        header { display: flex; flex-wrap: wrap; gap: 8px 16px; align-items: center; padding: 10px 14px;
          border-bottom: 1px solid #8884; }
        header .group { display: inline-flex; gap: 6px; align-items: center; }
        select, button { font: inherit; }
        #time { width: 200px; }
        #clock { font-variant-numeric: tabular-nums; min-width: 4.5em; }
        main { flex: 1; display: flex; align-items: center; justify-content: center; padding: 24px;
          background: repeating-conic-gradient(#8881 0 25%, transparent 0 50%) 0 0 / 16px 16px; }
        canvas { box-shadow: 0 1px 6px #0004; image-rendering: pixelated; }
        footer { padding: 6px 14px; border-top: 1px solid #8884; }
        #status.error { color: #c22; }
        #diagnostics { margin: 4px 0 0; white-space: pre-wrap; color: #c60; }
        #diagnostics:empty { display: none; }

        """
}
