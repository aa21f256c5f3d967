extension PageAssets {
    /// The page's behaviour: one WebSocket to the server; frames drawn on the canvas in order, each acknowledged
    /// once drawn (the server sends a page no more frames than it has drawn, give or take two); controls sent as
    /// commands; the state the server echoes is what the controls show. `window.skeletonPreview` exposes the
    /// counts the browser tests wait on.
    static let script = #"""
        'use strict';
        (() => {
          const $ = (id) => document.getElementById(id);
          const canvas = $('preview');
          const context = canvas.getContext('2d', { willReadFrequently: true });
          const preview = window.skeletonPreview = {
            connected: false, frames: 0, drawing: 0, seq: 0, at: 0, state: null, scenes: [], errors: [], notices: []
          };
          let socket = null;
          let chain = Promise.resolve();
          let scale = 1;

          function say(text, isError) {
            $('status').textContent = text;
            $('status').className = isError ? 'error' : '';
          }

          function send(message) {
            if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
          }

          function bytes(base64) {
            const text = atob(base64);
            const out = new Uint8Array(text.length);
            for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i);
            return out;
          }

          function fit() {
            canvas.style.width = (canvas.width / scale) + 'px';
            canvas.style.height = (canvas.height / scale) + 'px';
          }

          // A frame's rectangles replace the pixels under them, in order: the canvas then holds exactly the frame.
          async function draw(frame) {
            if (frame.keyframe || canvas.width !== frame.width || canvas.height !== frame.height) {
              canvas.width = frame.width;
              canvas.height = frame.height;
              fit();
            }
            for (const rect of frame.rects) {
              context.clearRect(rect.x, rect.y, rect.width, rect.height);
              if (rect.encoding === 'fill') {
                context.fillStyle = rect.color;
                context.fillRect(rect.x, rect.y, rect.width, rect.height);
              } else {
                const blob = new Blob([bytes(rect.data)], { type: 'image/png' });
                const bitmap = await createImageBitmap(blob, { premultiplyAlpha: 'none', colorSpaceConversion: 'none' });
                context.drawImage(bitmap, rect.x, rect.y);
                bitmap.close();
              }
            }
            preview.frames += 1;
            preview.seq = frame.seq;
            preview.at = frame.at;
            showTime(frame.at);
            send({ type: 'ack', seq: frame.seq });
          }

          function showTime(at) {
            if (typeof at !== 'number') return;
            $('clock').textContent = at.toFixed(2) + ' s';
            if (document.activeElement !== $('time')) $('time').value = String(Math.min(at, Number($('time').max)));
          }

          function showScenes(scenes) {
            preview.scenes = scenes;
            const select = $('scene');
            select.replaceChildren(...scenes.map((scene) => {
              const option = document.createElement('option');
              option.value = String(scene.index);
              option.textContent = scene.label;
              return option;
            }));
          }

          function showState(state) {
            preview.state = state;
            scale = state.scale;
            fit();
            $('scene').value = String(state.scene);
            $('scheme').value = state.scheme || '';
            $('direction').value = state.direction || '';
            $('skeleton').value = state.skeleton || '';
            $('animated').checked = state.animated;
            $('show').textContent = state.shown ? 'Show again' : 'Show';
            $('hide').disabled = !state.shown;
            $('play').textContent = state.playing ? 'Pause' : 'Play';
            showTime(state.time);
            const scene = preview.scenes[state.scene];
            document.title = scene ? scene.label + ' — skeleton serve' : 'skeleton serve';
          }

          function receive(event) {
            let message;
            try { message = JSON.parse(event.data); } catch (error) { return say('unreadable message from the server', true); }
            switch (message.type) {
              case 'frame':
                preview.drawing += 1;
                chain = chain.then(() => draw(message))
                  .catch((error) => say('a frame could not be drawn: ' + error, true))
                  .finally(() => { preview.drawing -= 1; });
                break;
              case 'scenes': showScenes(message.scenes); break;
              case 'state': showState(message); break;
              case 'diagnostics': $('diagnostics').textContent = message.lines.join('\n'); break;
              case 'notice': preview.notices.push(message.message); say(message.message, false); break;
              case 'error': preview.errors.push(message.message); say(message.message, true); break;
            }
          }

          function connect() {
            socket = new WebSocket('ws://' + location.host + '/ws');
            socket.onopen = () => { preview.connected = true; say('live: following the files on disk', false); };
            socket.onmessage = receive;
            socket.onclose = (event) => {
              preview.connected = false;
              say('disconnected' + (event.reason ? ': ' + event.reason : '') + ' (reload once skeleton serve runs)', true);
            };
          }

          function traits() {
            send({ type: 'traits', scheme: $('scheme').value || null, direction: $('direction').value || null });
          }

          $('scene').addEventListener('change', () => send({ type: 'select', scene: Number($('scene').value) }));
          $('scheme').addEventListener('change', traits);
          $('direction').addEventListener('change', traits);
          $('show').addEventListener('click', () =>
            send({ type: 'show', skeleton: $('skeleton').value || null, animated: $('animated').checked }));
          $('hide').addEventListener('click', () => send({ type: 'hide' }));
          $('play').addEventListener('click', () =>
            send({ type: preview.state && preview.state.playing ? 'pause' : 'play' }));
          $('time').addEventListener('input', () => {
            $('clock').textContent = Number($('time').value).toFixed(2) + ' s';
            send({ type: 'seek', time: Number($('time').value) });
          });
          connect();
        })();

        """#
}
